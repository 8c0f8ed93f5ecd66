/**
 * Test support: jsdom cannot fetch the decoder's wasm from a dev server, so the real zxing wasm
 * is handed to the scanner directly; tests with the real scanner widget call this once.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { setDecoderOverrides } from '../features/scanner/decoder-loader';

const require = createRequire(import.meta.url);

export function useRealDecoderWasm(): void {
  setDecoderOverrides({
    wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
  });
}
