import { fitText } from './fonts';
import { A6, type PrintDocument, type PrintItem } from './page';

/** What a device's sign shows. */
export interface DeviceSignContent {
  arcadeName: string;
  deviceName: string;
  /** The QR code's content: the device code the player's scanner accepts (`deviceId=a;d`). */
  code: string;
  /** The device's address as people read it (`arcade;device`). */
  reference: string;
}

const INK = '#0b0b1a';
const ACCENT = '#c026d3';
const GREY = '#475569';

/** The player's instruction, German and English (the app is German first). */
export const SIGN_TEXT = {
  de: 'Scanne den Code mit der Arcadia-App, um hier zu spielen.',
  en: 'Scan the code with the Arcadia app to play here.',
} as const;

/**
 * An A6 portrait sign (105 x 148 mm) to put on a device: the arcade's name, the QR code of the
 * device (76 mm), the device's name and the instruction in German and English.
 */
export function deviceSign(content: DeviceSignContent): PrintDocument {
  const { width, height } = A6;
  const centre = width / 2;
  const textWidth = width - 12;
  const qrSize = 76;
  const qrTop = 34;
  const centred = (
    text: string,
    y: number,
    size: number,
    font: 'regular' | 'bold' | 'mono',
    color: string,
  ): PrintItem => {
    const fitted = fitText(text, font, size, textWidth);
    return { kind: 'text', ...fitted, x: centre, y, font, color, align: 'center' };
  };
  const items: PrintItem[] = [
    { kind: 'box', x: 0, y: 0, w: width, h: 18, fill: INK },
    centred('ARCADIA', 12.5, 8, 'bold', '#ffffff'),
    centred(content.arcadeName, 28, 6, 'bold', INK),
    { kind: 'qr', text: content.code, x: (width - qrSize) / 2, y: qrTop, size: qrSize },
    centred(content.deviceName, qrTop + qrSize + 9, 7, 'bold', ACCENT),
    centred(SIGN_TEXT.de, qrTop + qrSize + 17, 3.6, 'regular', INK),
    centred(SIGN_TEXT.en, qrTop + qrSize + 22.5, 3.3, 'regular', GREY),
    centred(`Gerät · Device: ${content.reference}`, height - 6, 2.6, 'mono', GREY),
    { kind: 'box', x: 0, y: height - 2, w: width, h: 2, fill: ACCENT },
  ];
  return {
    title: `Arcadia – ${content.arcadeName} – ${content.deviceName}`,
    pages: [{ width, height, items }],
  };
}
