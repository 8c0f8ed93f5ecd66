/**
 * Arcadia's marks for what the server renders itself (the identity pages, the favicon):
 * - LOGO_SVG: the app icon's glyph, the same file as apps/web/assets-src/logo.svg (brand.test.ts
 *   keeps the two equal; the production image carries only the built web app, not its sources);
 * - GAMEPAD_MARK: the header wordmark's gamepad (lucide's gamepad-2, as apps/web's Logo draws it).
 */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <!--
    Arcadia's logo, the one source of every app icon (see build/icons.ts): a neon "A" whose apex is
    the ball of an arcade joystick and whose crossbar is a glowing coin slot. Transparent around the
    glyph; the icon script puts it on the dark arcade background or cuts the monochrome badge from it.
  -->
  <defs>
    <filter id="glow" x="-25%" y="-25%" width="150%" height="150%">
      <feGaussianBlur stdDeviation="9" result="blur" />
      <feMerge>
        <feMergeNode in="blur" />
        <feMergeNode in="SourceGraphic" />
      </feMerge>
    </filter>
    <radialGradient id="ball" cx="40%" cy="35%" r="70%">
      <stop offset="0" stop-color="#ffd1ec" />
      <stop offset="0.45" stop-color="#ff4fb8" />
      <stop offset="1" stop-color="#c81f86" />
    </radialGradient>
  </defs>
  <g filter="url(#glow)" fill="none" stroke-linecap="round" stroke-linejoin="round">
    <path d="M118 436 L256 150 L394 436" stroke="#2ee6ff" stroke-width="46" />
    <path d="M178 338 H334" stroke="#ffe14d" stroke-width="34" />
  </g>
  <circle cx="256" cy="112" r="58" fill="url(#ball)" filter="url(#glow)" />
</svg>
`;

/** The gamepad of the app header's wordmark; coloured by CSS through currentColor. */
export const GAMEPAD_MARK =
  '<svg class="brand-mark" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<line x1="6" x2="10" y1="11" y2="11"/><line x1="8" x2="8" y1="9" y2="13"/><line x1="15" x2="15.01" y1="12" y2="12"/><line x1="18" x2="18.01" y1="10" y2="10"/>' +
  '<path d="M17.32 5H6.68a4 4 0 0 0-3.978 3.59c-.006.052-.01.101-.017.152C2.604 9.416 2 14.456 2 16a3 3 0 0 0 3 3c1 0 1.5-.5 2-1l1.414-1.414A2 2 0 0 1 9.828 16h4.344a2 2 0 0 1 1.414.586L17 18c.5.5 1 1 2 1a3 3 0 0 0 3-3c0-1.545-.604-6.584-.685-7.258-.007-.05-.011-.1-.017-.151A4 4 0 0 0 17.32 5z"/>' +
  '</svg>';
