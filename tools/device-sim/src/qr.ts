import QRCode from 'qrcode';
import { formatDeviceCode } from '@arcadia/contracts';

/** The device's code (`deviceId=arcade;id`) drawn with block characters for a terminal. */
export async function terminalQr(arcade: string, id: string): Promise<string> {
  return QRCode.toString(formatDeviceCode({ arcade, id }), {
    type: 'terminal',
    small: true,
    errorCorrectionLevel: 'M',
  });
}
