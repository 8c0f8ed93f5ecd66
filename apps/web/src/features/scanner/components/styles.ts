/** Shared class names of the scanner's controls (dark arcade theme, visible keyboard focus). */
const focus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-cyan-300';

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-fuchsia-700 px-4 py-2 font-semibold text-white shadow-[0_0_16px_rgba(217,70,239,0.45)] transition hover:bg-fuchsia-800 disabled:cursor-not-allowed disabled:opacity-50 ${focus}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-cyan-400/60 px-3 py-2 font-medium text-cyan-100 transition hover:bg-cyan-400/10 disabled:cursor-not-allowed disabled:opacity-50 ${focus}`;

export const linkButton = `text-sm text-cyan-300 underline underline-offset-4 hover:text-cyan-100 ${focus} rounded`;

export const selectInput = `w-full rounded-lg border border-slate-600 bg-slate-900 px-3 py-2 text-slate-100 disabled:opacity-50 ${focus}`;

export const focusRing = focus;
