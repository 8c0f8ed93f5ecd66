import { createHash } from 'node:crypto';

/**
 * The identity pages' stylesheet: the app's dark arcade look (deep navy, neon cyan and pink),
 * system fonts only, served from our own origin at /oidc/ui/identity.<hash>.css.
 */
export const IDENTITY_CSS = `
:root{color-scheme:dark;--bg:#0b0b1a;--panel:#14142b;--line:#2a2a4a;--text:#e7e7f5;--muted:#a3a3c2;--cyan:#22d3ee;--pink:#f472b6;--error:#fda4af;--ok:#86efac}
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
body{margin:0;min-height:100vh;background:radial-gradient(60rem 30rem at 10% -10%,rgba(34,211,238,.14),transparent 60%),radial-gradient(50rem 30rem at 110% 110%,rgba(244,114,182,.14),transparent 60%),var(--bg);color:var(--text);display:flex;flex-direction:column;align-items:center;padding:1.5rem 1rem 3rem}
a{color:var(--pink);text-underline-offset:.2em}
a:hover{color:#f9a8d4}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--cyan);outline-offset:2px}
.top{width:100%;max-width:26rem;display:flex;justify-content:space-between;align-items:center;margin-bottom:2rem}
.brand{font-weight:800;letter-spacing:.3em;font-size:1.35rem;text-decoration:none;color:var(--cyan);text-shadow:0 0 .6rem rgba(34,211,238,.7),0 0 1.6rem rgba(244,114,182,.35)}
.brand:hover{color:var(--cyan)}
.lang{font-size:.9rem;color:var(--muted)}
main{width:100%;max-width:26rem;background:linear-gradient(180deg,rgba(255,255,255,.03),transparent),var(--panel);border:1px solid var(--line);border-radius:1rem;padding:1.75rem 1.5rem;box-shadow:0 0 0 1px rgba(34,211,238,.08),0 1.5rem 3rem rgba(0,0,0,.45)}
h1{margin:0 0 .35rem;font-size:1.6rem;line-height:1.2;background:linear-gradient(90deg,var(--cyan),var(--pink));-webkit-background-clip:text;background-clip:text;color:transparent}
.intro{margin:0 0 1.25rem;color:var(--muted)}
form{display:grid;gap:1rem;margin:0}
.field{display:grid;gap:.3rem}
label{font-weight:600}
input{width:100%;font:inherit;color:var(--text);background:#0f0f22;border:1px solid #3a3a5e;border-radius:.6rem;padding:.7rem .8rem}
input[aria-invalid=true]{border-color:var(--error)}
.hint{margin:0;font-size:.875rem;color:var(--muted)}
.field-error{margin:0;font-size:.875rem;color:var(--error)}
.alert{border:1px solid rgba(253,164,175,.5);background:rgba(244,63,94,.12);color:#ffe4e6;border-radius:.6rem;padding:.7rem .85rem;margin:0 0 1rem}
.alert ul{margin:.35rem 0 0;padding-left:1.1rem}
.notice{border:1px solid rgba(134,239,172,.45);background:rgba(34,197,94,.12);color:#dcfce7;border-radius:.6rem;padding:.7rem .85rem;margin:0 0 1rem}
button{font:inherit;font-weight:700;border:0;border-radius:.6rem;padding:.75rem 1rem;cursor:pointer}
.primary{background:var(--cyan);color:#06121a;box-shadow:0 0 1.2rem rgba(34,211,238,.35)}
.primary:hover{background:#67e8f9}
.secondary{background:transparent;color:var(--text);border:1px solid #3a3a5e}
.secondary:hover{border-color:var(--pink)}
.links{margin:1.25rem 0 0;display:grid;gap:.4rem;font-size:.95rem}
.links p{margin:0}
.actions{display:grid;gap:.6rem}
@media (min-width:30rem){main{padding:2rem}}
@media (prefers-reduced-motion:no-preference){.primary{transition:background .15s}}
`;

/** Content hash in the URL, so the stylesheet can be cached for good. */
export const IDENTITY_CSS_PATH = `/oidc/ui/identity.${createHash('sha256').update(IDENTITY_CSS).digest('hex').slice(0, 12)}.css`;
