import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * A printable user card: credit-card format (85.6 x 54 mm) at 300 dpi, the player's name on
 * the left and the QR code of the card URL on a white field with a quiet zone on the right.
 */
const CARD_WIDTH = 1011;
const CARD_HEIGHT = 638;

export interface CardContent {
  userName: string;
  url: string;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The QR symbol as one SVG path of unit squares, so the card needs no embedded image. */
function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, d: parts.join('') };
}

export function renderCardSvg({ userName, url }: CardContent): string {
  const qr = qrPath(url);
  const field = 500; // white square that holds the code with its quiet zone
  const fieldX = CARD_WIDTH - field - 48;
  const fieldY = (CARD_HEIGHT - field) / 2;
  const quiet = 4; // modules of quiet zone, as the QR standard asks
  const scale = field / (qr.size + 2 * quiet);
  // The name must stay left of the code field (about 390 px): wide glyphs are ~0.8 em.
  const nameSize = Math.min(62, Math.floor(390 / (userName.length * 0.8)));
  const font = `'DejaVu Sans', 'Liberation Sans', Arial, sans-serif`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <title>Arcadia user card: ${escapeXml(userName)}</title>
  <defs>
    <linearGradient id="glow" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff2bd6"/>
      <stop offset="1" stop-color="#22d3ee"/>
    </linearGradient>
  </defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="36" fill="#0b0b1a"/>
  <rect x="12" y="12" width="${CARD_WIDTH - 24}" height="${CARD_HEIGHT - 24}" rx="28" fill="none" stroke="url(#glow)" stroke-width="6"/>
  <text x="56" y="120" font-family="${font}" font-size="56" font-weight="bold" fill="url(#glow)" letter-spacing="6">ARCADIA</text>
  <text x="58" y="170" font-family="${font}" font-size="26" fill="#a5b4fc">Spielerkarte · Player card</text>
  <text x="56" y="330" font-family="${font}" font-size="${nameSize}" font-weight="bold" fill="#ffffff">${escapeXml(userName)}</text>
  <text x="58" y="470" font-family="${font}" font-size="22" fill="#cbd5e1">Scannen, verknüpfen, losspielen.</text>
  <text x="58" y="504" font-family="${font}" font-size="22" fill="#cbd5e1">Scan it to link your account.</text>
  <rect x="${fieldX}" y="${fieldY}" width="${field}" height="${field}" rx="20" fill="#ffffff"/>
  <path transform="translate(${fieldX + quiet * scale} ${fieldY + quiet * scale}) scale(${scale})" d="${qr.d}" fill="#000000" shape-rendering="crispEdges"/>
</svg>
`;
}

/** The same card as a PNG at 300 dpi. */
export async function renderCardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).png().withMetadata({ density: 300 }).toBuffer();
}
