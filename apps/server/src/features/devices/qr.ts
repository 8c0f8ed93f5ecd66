import QRCode from 'qrcode';
import { formatDeviceCode } from '@arcadia/contracts';

/** The code printed on a device: `deviceId=<arcade>;<id>` (spec §3), as PNG, SVG and text. */
export async function deviceQr(arcade: string, id: string) {
  const code = formatDeviceCode({ arcade, id });
  const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
  const [png, svg, terminal] = await Promise.all([
    QRCode.toBuffer(code, { ...options, type: 'png', width: 512 }),
    QRCode.toString(code, { ...options, type: 'svg' }),
    QRCode.toString(code, { ...options, type: 'terminal', small: true }),
  ]);
  return { code, png, svg, terminal };
}
