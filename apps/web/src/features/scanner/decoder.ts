/**
 * The barcode decoder: the `barcode-detector` ponyfill over zxing-cpp in wasm. The wasm file is
 * served from our own origin (Vite emits it as an asset; never a CDN) and this module is only
 * imported dynamically, so neither is part of any page that does not scan.
 */
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import {
  BarcodeDetector,
  prepareZXingModule,
  purgeZXingModule,
  type BarcodeFormat,
} from 'barcode-detector/ponyfill';
import type { ReadInputBarcodeFormat } from 'zxing-wasm/reader';
import type { SupportedFormat } from '@arcadia/contracts';

/**
 * The Emscripten module overrides we use. (zxing-wasm types them through the global
 * EmscriptenModule, which this project's `types` setting does not load.)
 */
export interface Overrides {
  locateFile?: (path: string, prefix: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
}

const ownOrigin: Overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
};

let prepared: Overrides = ownOrigin;

/** Loads and instantiates the wasm; a failed attempt is purged so the next one starts afresh. */
export async function prepareDecoder(overrides: Overrides = ownOrigin): Promise<void> {
  prepared = overrides;
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
}

export type DecodeSource = ImageData | Blob | HTMLCanvasElement;

export interface Decoder {
  /** The first code found in the image, or null when there is none. */
  decode(source: DecodeSource): Promise<string | null>;
  /**
   * An image file: the browser turns it into pixels; where it cannot, zxing reads the file's
   * bytes itself (PNG, JPEG, GIF, BMP).
   */
  decodeFile(file: Blob): Promise<string | null>;
}

/** The Barcode Detection API names of our 17 formats in zxing-cpp's own names. */
const ZXING_NAMES: Record<SupportedFormat, ReadInputBarcodeFormat> = {
  qr_code: 'QRCode',
  aztec: 'Aztec',
  codabar: 'Codabar',
  code_39: 'Code39',
  code_93: 'Code93',
  code_128: 'Code128',
  data_matrix: 'DataMatrix',
  maxi_code: 'MaxiCode',
  itf: 'ITF',
  ean_13: 'EAN13',
  ean_8: 'EAN8',
  pdf417: 'PDF417',
  databar: 'DataBar',
  databar_expanded: 'DataBarExp',
  upc_a: 'UPCA',
  upc_e: 'UPCE',
  micro_qr_code: 'MicroQRCode',
};

export function createDecoder(formats: readonly SupportedFormat[]): Decoder {
  const detector = new BarcodeDetector({ formats: formats as BarcodeFormat[] });
  const decode = async (source: DecodeSource) => {
    const found = await detector.detect(source);
    const first = found.find((code) => code.rawValue.length > 0);
    return first ? first.rawValue : null;
  };
  return {
    decode,
    async decodeFile(file) {
      try {
        return await decode(file);
      } catch (error) {
        if (!(error instanceof DOMException) || error.name !== 'InvalidStateError') throw error;
        // Rare path, own chunk: barcode-detector bundles its own copy of zxing's reader, so the
        // package's reader is prepared here with the same wasm source.
        const zxing = await import('zxing-wasm/reader');
        await zxing.prepareZXingModule({ overrides: prepared, fireImmediately: true });
        const results = await zxing.readBarcodes(new Uint8Array(await file.arrayBuffer()), {
          formats: formats.map((format) => ZXING_NAMES[format]),
          textMode: 'Plain',
        });
        return results.find((result) => result.isValid && result.text.length > 0)?.text ?? null;
      }
    },
  };
}
