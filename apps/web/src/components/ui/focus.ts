/** The visible keyboard focus ring every interactive primitive uses. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neon-cyan';
