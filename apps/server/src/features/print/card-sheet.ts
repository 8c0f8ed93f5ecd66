import { CARDS_PER_SHEET_PAGE } from '@arcadia/contracts';
import { breakText, fitText } from './fonts';
import { A4, type PrintDocument, type PrintItem, type PrintPage } from './page';

/** One card to print: its profile's name, its number in the batch and its URL (with secret). */
export interface SheetCard {
  position: number;
  userName: string;
  /** `{public url}/u/{id}?k={claim secret}`: the QR code's content. */
  url: string;
}

export interface CardSheetContent {
  arcadeName: string;
  label: string | null;
  /** The day printed on the sheet's header (the secrets are from then). */
  printedOn: string;
  cards: SheetCard[];
  /** The number of the first page here, and of all pages (a single PNG page shows its place). */
  firstPage: number;
  pageCount: number;
}

/** A credit card: ISO/IEC 7810 ID-1. */
export const CARD = { width: 85.6, height: 54 } as const;
const COLUMNS = 2;
const ROWS = CARDS_PER_SHEET_PAGE / COLUMNS;
const LEFT = (A4.width - COLUMNS * CARD.width) / 2;
const TOP = (A4.height - ROWS * CARD.height) / 2;

const INK = '#0b0b1a';
const ACCENT = '#c026d3';
const GREY = '#475569';
const CUT = '#94a3b8';

/** The card's words, German first. */
export const CARD_TEXT = {
  title: 'Spielerkarte · Player card',
  de: ['Mit der Arcadia-App scannen', 'und Konto verknüpfen.'],
  en: ['Scan it with the Arcadia app', 'to link your account.'],
} as const;

/**
 * One card at (x, y): name and instructions on the left, the QR code of its URL (32 mm) on the
 * right, the URL itself in small type along the bottom.
 */
function card(x: number, y: number, content: SheetCard, batch: string): PrintItem[] {
  const pad = 4;
  const qr = 32;
  const leftWidth = CARD.width - 3 * pad - qr;
  const text = (
    t: string,
    dy: number,
    size: number,
    font: 'regular' | 'bold' | 'mono',
    color: string,
  ): PrintItem => ({
    kind: 'text',
    ...fitText(t, font, size, leftWidth),
    x: x + pad,
    y: y + dy,
    font,
    color,
  });
  const urlSize = 1.8;
  const urlLines = breakText(content.url, 'mono', urlSize, CARD.width - 2 * pad).slice(0, 2);
  return [
    { kind: 'box', x, y, w: CARD.width, h: CARD.height, stroke: CUT, lineWidth: 0.2, dash: 1.5 },
    { kind: 'box', x: x + pad, y: y + pad, w: 1.2, h: 10, fill: ACCENT },
    { ...text('ARCADIA', 8.6, 4.6, 'bold', INK), x: x + pad + 2.8 },
    { ...text(CARD_TEXT.title, 13.2, 2.3, 'regular', GREY), x: x + pad + 2.8 },
    text(content.userName, 22.5, 5, 'bold', INK),
    text(CARD_TEXT.de[0], 28.2, 2.25, 'regular', INK),
    text(CARD_TEXT.de[1], 31.2, 2.25, 'regular', INK),
    text(CARD_TEXT.en[0], 34.8, 2.25, 'regular', GREY),
    text(CARD_TEXT.en[1], 37.8, 2.25, 'regular', GREY),
    { kind: 'qr', text: content.url, x: x + CARD.width - pad - qr, y: y + pad, size: qr },
    { kind: 'box', x: x + pad, y: y + 41.2, w: CARD.width - 2 * pad, h: 0.15, fill: CUT },
    ...urlLines.map((line, i): PrintItem => ({
      kind: 'text',
      text: line,
      x: x + pad,
      y: y + 45 + i * 2.6,
      size: urlSize,
      font: 'mono',
      color: GREY,
    })),
    {
      kind: 'text',
      ...fitText(`${batch} #${content.position}`, 'regular', 1.8, 30),
      x: x + CARD.width - pad,
      y: y + CARD.height - 2.2,
      font: 'regular',
      color: CUT,
      align: 'right',
    },
  ];
}

/**
 * A4 pages of ten cards (two columns of five, dashed cut lines around each), with a header line
 * naming the arcade, the batch and the page.
 */
export function cardSheet(content: CardSheetContent): PrintDocument {
  const batch = content.label ?? content.arcadeName;
  const pages: PrintPage[] = [];
  for (let start = 0; start < content.cards.length; start += CARDS_PER_SHEET_PAGE) {
    const number = content.firstPage + pages.length;
    const header = [
      'Arcadia',
      content.arcadeName,
      content.label,
      content.printedOn,
      `${number}/${content.pageCount}`,
    ]
      .filter(Boolean)
      .join(' · ');
    const items: PrintItem[] = [
      {
        kind: 'text',
        ...fitText(header, 'regular', 2.8, A4.width - 2 * LEFT),
        x: LEFT,
        y: TOP - 4,
        font: 'regular',
        color: GREY,
      },
    ];
    content.cards.slice(start, start + CARDS_PER_SHEET_PAGE).forEach((c, i) => {
      const column = i % COLUMNS;
      const row = Math.floor(i / COLUMNS);
      items.push(...card(LEFT + column * CARD.width, TOP + row * CARD.height, c, batch));
    });
    pages.push({ ...A4, items });
  }
  return {
    title: `Arcadia – ${[content.arcadeName, content.label].filter(Boolean).join(' – ')}`,
    pages,
  };
}
