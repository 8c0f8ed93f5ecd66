import QRCode from 'qrcode';

/** The quiet zone around a QR symbol, in modules, as the QR standard asks. */
export const QUIET_ZONE = 4;

/** A horizontal run of dark modules: row, first column, length. */
export interface QrRun {
  row: number;
  col: number;
  length: number;
}

/**
 * The QR symbol of `text` (error correction M) as runs of dark modules, and how many modules
 * wide the square is with its quiet zone; runs are in that square's coordinates.
 */
export function qrRuns(text: string): { modules: number; runs: QrRun[] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push({ row: row + QUIET_ZONE, col: start + QUIET_ZONE, length: col - start });
        start = -1;
      }
    }
  }
  return { modules: modules.size + 2 * QUIET_ZONE, runs };
}
