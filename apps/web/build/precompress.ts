import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What is worth compressing: text formats and wasm (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|xml)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of the build, written
 * once beside it (`x.js.br`, `x.js.gz`), for the server to send as they are (@fastify/static
 * `preCompressed`) instead of compressing on every request. A copy that is not smaller is not
 * written. Runs after every other plugin has written its files (the service worker included).
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'arcadia-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = fs
          .readdirSync(outDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map((e) => path.join(e.parentPath, e.name));
        await Promise.all(files.map(compressFile));
      },
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const source = await fs.promises.readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: 9 }),
  ]);
  if (br.length < source.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.promises.writeFile(`${file}.gz`, gz);
}
