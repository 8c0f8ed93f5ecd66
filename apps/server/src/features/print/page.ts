import type { FontName } from './fonts';

/**
 * A printout as data: pages of boxes, texts and QR codes placed in millimetres from the page's
 * top left corner. One description, two renderers (pdf.ts, png.ts), so the PDF and the PNG of a
 * sign or sheet show the same thing.
 */

export interface TextItem {
  kind: 'text';
  text: string;
  /** Where the text starts (align left), centres (center) or ends (right). */
  x: number;
  /** The baseline. */
  y: number;
  /** Font size in mm (1 pt = 0.3528 mm). */
  size: number;
  font: FontName;
  color: string;
  align?: 'left' | 'center' | 'right';
}

export interface BoxItem {
  kind: 'box';
  x: number;
  y: number;
  w: number;
  h: number;
  fill?: string;
  stroke?: string;
  /** Stroke width in mm. */
  lineWidth?: number;
  radius?: number;
  /** Dash length in mm for a dashed stroke (cut lines). */
  dash?: number;
}

/** A QR code (error correction M) whose square, quiet zone included, is `size` mm wide. */
export interface QrItem {
  kind: 'qr';
  text: string;
  x: number;
  y: number;
  size: number;
}

export type PrintItem = TextItem | BoxItem | QrItem;

export interface PrintPage {
  /** Page size in mm. */
  width: number;
  height: number;
  items: PrintItem[];
}

export interface PrintDocument {
  /** The PDF's title (document information). */
  title: string;
  pages: PrintPage[];
}

export const A6 = { width: 105, height: 148 } as const;
export const A4 = { width: 210, height: 297 } as const;
export const MM_PER_INCH = 25.4;

/** The x where a text of `width` starts for its alignment. */
export function textStart(item: Pick<TextItem, 'x' | 'align'>, width: number): number {
  if (item.align === 'center') return item.x - width / 2;
  if (item.align === 'right') return item.x - width;
  return item.x;
}
