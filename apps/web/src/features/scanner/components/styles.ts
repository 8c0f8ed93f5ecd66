/**
 * Shared class names of the scanner's controls, in the app's tokens (apps/web/src/styles.css) and
 * shaped like its primitives (components/ui Button, TextField), with a visible keyboard focus.
 */
const focus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan';

export const primaryButton = `inline-flex items-center justify-center gap-2 min-h-11 rounded-xl bg-neon-cyan px-5 py-2 font-semibold tracking-wide text-night-950 shadow-neon-cyan transition hover:bg-neon-cyan-soft disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${focus}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 min-h-11 rounded-xl border border-neon-cyan/60 bg-night-800/60 px-4 py-2 font-semibold text-neon-cyan-soft transition hover:border-neon-cyan hover:bg-neon-cyan/10 disabled:cursor-not-allowed disabled:opacity-50 ${focus}`;

export const linkButton = `text-sm text-neon-cyan-soft underline underline-offset-4 hover:text-neon-cyan ${focus} rounded`;

export const selectInput = `w-full min-h-11 rounded-xl border border-line bg-night-950/70 px-3 py-2 text-ink hover:border-neon-cyan/50 disabled:opacity-50 ${focus}`;

export const focusRing = focus;
