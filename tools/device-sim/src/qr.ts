import QRCode from 'qrcode';
import { formatDeviceCode, type DeviceClaims } from '@arcadia/contracts';

/** Any text drawn as a QR code with block characters for a terminal. */
export async function terminalQrOf(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}

/** The device's code (`deviceId=arcade;id`) drawn with block characters for a terminal. */
export async function terminalQr(arcade: string, id: string): Promise<string> {
  return terminalQrOf(formatDeviceCode({ arcade, id }));
}

/**
 * What the device shows after a match: per guest, the result, the claim URL and its QR code
 * (scanned on /play or with the phone's camera, a player takes the result within the expiry).
 */
export async function terminalClaims(claims: DeviceClaims): Promise<string> {
  if (claims.claims.length === 0) return '';
  const until = new Date(claims.expiresAt).toLocaleString('de-DE', { timeZone: 'Europe/Berlin' });
  const parts = [`Gast-Ergebnisse übernehmen / claim guest results (bis / until ${until}):`];
  for (const c of claims.claims) {
    parts.push(
      `\n  ${c.name}: ${c.score} Punkte / points, ${c.kills}/${c.deaths}\n  ${c.url}\n`,
      await terminalQrOf(c.url),
    );
  }
  return parts.join('\n');
}
