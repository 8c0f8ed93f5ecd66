import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appFontFaces } from './views/fonts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function builtApp(css: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'arcadia-fonts-'));
  made.push(dist);
  fs.mkdirSync(path.join(dist, 'assets'));
  for (const [name, text] of Object.entries(css)) {
    fs.writeFileSync(path.join(dist, 'assets', name), text);
  }
  return dist;
}

describe("the identity pages' display font", () => {
  it("takes the built app's @font-face rules of its display font as they are, nothing else", () => {
    const latin =
      '@font-face{font-family:Arcadia Display;font-style:normal;font-display:swap;font-weight:700 900;src:url(/assets/roboto-condensed-latin-700-normal-AbC123.woff2)format("woff2");unicode-range:U+0000-00FF}';
    const ext =
      '@font-face{font-family:\'Arcadia Display\';src:url(/assets/roboto-condensed-latin-ext-700-normal-XyZ.woff2)format("woff2")}';
    const dist = builtApp({
      'index-1a2b.css': `:root{--x:1}${latin}.a{color:red}@font-face{font-family:Other;src:url(/o.woff2)}`,
      'Play-9z.css': ext,
      'notes.txt': latin,
    });
    const faces = appFontFaces(dist);
    expect(faces).toContain('roboto-condensed-latin-700-normal-AbC123.woff2');
    expect(faces).toContain('roboto-condensed-latin-ext-700-normal-XyZ.woff2');
    expect(faces).not.toContain('Other');
    expect(faces).not.toContain('color:red');
    expect(faces.match(/@font-face/g)).toHaveLength(2);
  });

  it('is empty when the app is not built or has no such font (the pages fall back)', () => {
    expect(appFontFaces(path.join(os.tmpdir(), 'arcadia-no-such-dist'))).toBe('');
    expect(appFontFaces(builtApp({ 'index.css': 'body{margin:0}' }))).toBe('');
  });
});
