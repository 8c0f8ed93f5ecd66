import { createHash } from 'node:crypto';

/**
 * The identity pages' stylesheet, in the app's look: its colour tokens (apps/web/src/styles.css:
 * night blues, neon cyan and pink, AA contrast), its header with the gamepad wordmark, its cards,
 * fields and buttons, and its display font family ('Arcadia Display', whose faces fonts.ts takes
 * from the built app) with the same fallbacks. A static file served from our own origin at
 * /oidc/ui/identity.<hash>.css (the pages' CSP allows no inline style).
 */
export const IDENTITY_CSS = `
:root{color-scheme:dark;--night-950:#05050f;--night-900:#0a0a1f;--night-800:#12123a;--line:#34347a;--ink:#eef1ff;--muted:#aab2dd;--cyan:#2ee6ff;--cyan-soft:#9bf3ff;--pink:#ff4fb8;--pink-soft:#ffa3d8;--green:#4dffa6;--danger:#ff7a8f;--font-sans:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue","Noto Sans","Liberation Sans",Arial,sans-serif;--font-display:"Arcadia Display","Avenir Next Condensed","Arial Narrow","Roboto Condensed","DejaVu Sans Condensed",system-ui,sans-serif}
*{box-sizing:border-box}
html{background:var(--night-900);color:var(--ink);font-family:var(--font-sans);font-size:16px;line-height:1.5;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;background:radial-gradient(ellipse 80% 50% at 50% -10%,rgb(255 79 184/.14),transparent 70%),radial-gradient(ellipse 60% 40% at 100% 100%,rgb(46 230 255/.08),transparent 70%),var(--night-900);background-attachment:fixed}
a{color:var(--cyan-soft);text-underline-offset:.25em}
a:hover{color:var(--cyan)}
:focus-visible{outline:2px solid var(--cyan);outline-offset:2px}
::selection{background:rgb(255 79 184/.45);color:var(--ink)}
.top{position:sticky;top:0;border-bottom:1px solid rgb(52 52 122/.8);background:rgb(10 10 31/.85)}
.top-inner{max-width:80rem;height:4rem;margin:0 auto;padding:0 .75rem;display:flex;align-items:center;gap:.5rem}
.brand{margin-right:auto;display:flex;align-items:center;gap:.5rem;padding:.25rem;border-radius:.5rem;text-decoration:none}
.brand-mark{width:26px;height:26px;color:var(--pink);filter:drop-shadow(0 0 6px rgb(255 79 184/.7))}
.brand-name{font-family:var(--font-display);font-size:1.25rem;line-height:1.75rem;font-weight:800;letter-spacing:.18em;text-transform:uppercase;color:var(--cyan-soft);text-shadow:0 0 6px rgb(46 230 255/.55),0 0 18px rgb(46 230 255/.3)}
.lang{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 .75rem;border-radius:.75rem;color:var(--ink);font-weight:600;text-decoration:none}
.lang:hover{background:rgb(255 255 255/.08);color:var(--cyan-soft)}
.content{flex:1;width:100%;display:flex;justify-content:center;padding:1.5rem .75rem 3rem}
main{width:100%;max-width:28rem;align-self:flex-start;border:1px solid var(--line);border-radius:1rem;background:rgb(18 18 58/.85);box-shadow:0 8px 30px rgb(0 0 0/.35);padding:1.25rem 1rem}
h1{margin:0 0 .5rem;font-family:var(--font-display);font-size:1.875rem;line-height:1.2;font-weight:700;letter-spacing:.02em;color:var(--ink);text-shadow:0 0 6px rgb(46 230 255/.55),0 0 18px rgb(46 230 255/.3)}
.intro{margin:0 0 1.25rem;color:var(--muted)}
form{display:grid;gap:1rem;margin:0}
.field{display:grid;gap:.375rem}
label{font-size:.875rem;font-weight:600;color:var(--ink)}
input{width:100%;height:2.75rem;font:inherit;color:var(--ink);background:rgb(5 5 15/.7);border:1px solid var(--line);border-radius:.75rem;padding:0 .75rem}
input:hover{border-color:rgb(46 230 255/.5)}
input:focus-visible{border-color:var(--cyan)}
input[aria-invalid=true]{border-color:var(--danger)}
.secret{position:relative}
.secret input{padding-right:6.5rem}
.reveal{position:absolute;top:0;right:0;min-height:2.75rem;padding:0 .875rem;border:0;background:none;color:var(--cyan-soft);font-size:.875rem;letter-spacing:0}
.reveal:hover{color:var(--cyan);text-decoration:underline}
.reveal[hidden]{display:none}
.hint{margin:0;font-size:.875rem;color:var(--muted)}
.field-error{margin:0;font-size:.875rem;font-weight:500;color:var(--danger)}
.alert{border:1px solid rgb(255 122 143/.6);background:rgb(255 122 143/.1);color:var(--ink);border-radius:.75rem;padding:.75rem .875rem;margin:0 0 1rem}
.alert ul{margin:.375rem 0 0;padding-left:1.1rem}
.notice{border:1px solid rgb(77 255 166/.5);background:rgb(77 255 166/.08);color:var(--ink);border-radius:.75rem;padding:.75rem .875rem;margin:0 0 1rem}
button,.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:0 1.25rem;font:inherit;font-weight:600;letter-spacing:.025em;border-radius:.75rem;cursor:pointer;text-decoration:none}
.primary{border:0;background:var(--cyan);color:var(--night-950);box-shadow:0 0 0 1px rgb(46 230 255/.35),0 0 18px rgb(46 230 255/.35)}
.primary:hover{background:var(--cyan-soft);color:var(--night-950)}
.secondary{border:1px solid rgb(46 230 255/.6);background:rgb(18 18 58/.6);color:var(--cyan-soft)}
.secondary:hover{border-color:var(--cyan);background:rgb(46 230 255/.1);color:var(--cyan-soft)}
.links{margin:1.25rem 0 0;display:grid;gap:.5rem;font-size:.9375rem;color:var(--muted)}
.links p{margin:0}
.links a{display:inline-block;line-height:1.5rem}
.actions{display:grid;gap:.75rem}
@media (min-width:40rem){.top-inner{padding:0 1.25rem}.content{padding-top:3rem}main{padding:1.75rem 1.5rem}}
@media (prefers-reduced-motion:no-preference){.primary,.secondary,input{transition:background-color .15s,border-color .15s}}
`;

/** Content hash in the URL, so the stylesheet can be cached for good. */
export const IDENTITY_CSS_PATH = `/oidc/ui/identity.${createHash('sha256').update(IDENTITY_CSS).digest('hex').slice(0, 12)}.css`;
