import sharp from 'sharp';
import { fonts, textWidth } from './fonts';
import { MM_PER_INCH, textStart, type PrintItem, type PrintPage, type TextItem } from './page';
import { qrRuns } from './qr';

/** Print resolution of the PNGs. */
export const PRINT_DPI = 300;

const num = (n: number) => Number(n.toFixed(4)).toString();
const attr = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A text as the outlines of its glyphs (font units, y up, scaled into the page's mm): the PNG
 * needs no font installed where it is drawn, and looks like the PDF.
 */
function textSvg(item: TextItem): string {
  const { font } = fonts()[item.font];
  const run = font.layout(item.text);
  const scale = item.size / font.unitsPerEm;
  const x = textStart(item, textWidth(item.text, item.font, item.size));
  let pen = 0;
  const glyphs: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const d = glyph.path.toSVG();
    if (d)
      glyphs.push(
        `<path transform="translate(${pen + (position?.xOffset ?? 0)} ${position?.yOffset ?? 0})" d="${d}"/>`,
      );
    pen += position?.xAdvance ?? glyph.advanceWidth;
  });
  return `<g transform="translate(${num(x)} ${num(item.y)}) scale(${num(scale)} ${num(-scale)})" fill="${attr(item.color)}">${glyphs.join('')}</g>`;
}

function itemSvg(item: PrintItem): string {
  switch (item.kind) {
    case 'box': {
      const stroke = item.stroke
        ? ` stroke="${attr(item.stroke)}" stroke-width="${num(item.lineWidth ?? 0.25)}"${item.dash ? ` stroke-dasharray="${num(item.dash)} ${num(item.dash)}"` : ''}`
        : '';
      const radius = item.radius ? ` rx="${num(item.radius)}"` : '';
      return `<rect x="${num(item.x)}" y="${num(item.y)}" width="${num(item.w)}" height="${num(item.h)}"${radius} fill="${item.fill ? attr(item.fill) : 'none'}"${stroke}/>`;
    }
    case 'text':
      return textSvg(item);
    case 'qr': {
      const { modules, runs } = qrRuns(item.text);
      const d = runs.map((r) => `M${r.col} ${r.row}h${r.length}v1h-${r.length}z`).join('');
      const scale = item.size / modules;
      return (
        `<rect x="${num(item.x)}" y="${num(item.y)}" width="${num(item.size)}" height="${num(item.size)}" fill="#ffffff"/>` +
        `<path transform="translate(${num(item.x)} ${num(item.y)}) scale(${num(scale)})" d="${d}" fill="#000000" shape-rendering="crispEdges"/>`
      );
    }
  }
}

/** The page as SVG in mm, sized for `dpi`. */
export function pageSvg(page: PrintPage, dpi = PRINT_DPI): string {
  const px = (mm: number) => Math.round((mm * dpi) / MM_PER_INCH);
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${px(page.width)}" height="${px(page.height)}" viewBox="0 0 ${page.width} ${page.height}">
<rect width="${page.width}" height="${page.height}" fill="#ffffff"/>
${page.items.map(itemSvg).join('\n')}
</svg>
`;
}

/** One page as a PNG at print resolution (its density recorded, so it prints at size). */
export async function renderPng(page: PrintPage, dpi = PRINT_DPI): Promise<Buffer> {
  return sharp(Buffer.from(pageSvg(page, dpi)), { density: 72, limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .withMetadata({ density: dpi })
    .toBuffer();
}
