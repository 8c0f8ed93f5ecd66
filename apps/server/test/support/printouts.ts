import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { TestApp } from './app';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | undefined;

/**
 * Every QR code in a PNG, decoded by the player's own decoder (zxing-cpp in wasm, which the web
 * scanner runs), in reading order.
 */
export async function decodeQrCodes(png: Uint8Array): Promise<string[]> {
  prepared ??= Promise.resolve(
    prepareZXingModule({
      overrides: {
        wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')),
      },
      fireImmediately: true,
    }),
  );
  await prepared;
  const results = await readBarcodes(png, { formats: ['QRCode'], maxNumberOfSymbols: 255 });
  return results
    .filter((r) => r.isValid)
    .sort(
      (a, b) =>
        a.position.topLeft.y - b.position.topLeft.y || a.position.topLeft.x - b.position.topLeft.x,
    )
    .map((r) => r.text);
}

/** The text of every page of a PDF (pdf.js), and the document's title; throws on a broken PDF. */
export async function pdfContent(pdf: Uint8Array): Promise<{ pages: string[]; title: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  await task.destroy();
  return { pages, title: info.Title ?? '' };
}

/** A download from the app: status, headers and the bytes (t.request would read them as text). */
export async function download(
  t: TestApp,
  method: string,
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array; json: unknown }> {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let json: unknown;
  if (res.headers.get('content-type')?.includes('json'))
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  return { status: res.status, headers: res.headers, bytes, json };
}
