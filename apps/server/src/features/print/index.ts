/** Printouts (signs, card sheets) as data, drawn to PDF or PNG with the fonts shipped here. */
export { cardSheet, type CardSheetContent, type SheetCard } from './card-sheet';
export { deviceSign, type DeviceSignContent } from './device-sign';
export type { PrintDocument, PrintPage } from './page';
export { renderPdf } from './pdf';
export { PRINT_DPI, renderPng } from './png';
