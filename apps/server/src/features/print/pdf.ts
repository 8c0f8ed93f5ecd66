import PDFDocument from 'pdfkit';
import { FONT_FILES, fonts, textWidth, type FontName } from './fonts';
import { MM_PER_INCH, textStart, type PrintDocument, type PrintItem } from './page';
import { qrRuns } from './qr';

const PT_PER_MM = 72 / MM_PER_INCH;
const pt = (mm: number) => mm * PT_PER_MM;

function draw(doc: PDFKit.PDFDocument, item: PrintItem): void {
  switch (item.kind) {
    case 'box': {
      doc.save();
      const shape = item.radius
        ? doc.roundedRect(pt(item.x), pt(item.y), pt(item.w), pt(item.h), pt(item.radius))
        : doc.rect(pt(item.x), pt(item.y), pt(item.w), pt(item.h));
      if (item.stroke) {
        doc.lineWidth(pt(item.lineWidth ?? 0.25));
        if (item.dash) doc.dash(pt(item.dash), { space: pt(item.dash) });
      }
      if (item.fill && item.stroke) shape.fillAndStroke(item.fill, item.stroke);
      else if (item.fill) shape.fill(item.fill);
      else if (item.stroke) shape.stroke(item.stroke);
      doc.restore();
      return;
    }
    case 'text': {
      const x = textStart(item, textWidth(item.text, item.font, item.size));
      doc
        .font(item.font)
        .fontSize(pt(item.size))
        .fillColor(item.color)
        .text(item.text, pt(x), pt(item.y), { lineBreak: false, baseline: 'alphabetic' });
      return;
    }
    case 'qr': {
      const { modules, runs } = qrRuns(item.text);
      const unit = item.size / modules;
      doc.save();
      doc.rect(pt(item.x), pt(item.y), pt(item.size), pt(item.size)).fill('#ffffff');
      // One path of every dark run, filled at once; a hair of overlap keeps viewers from
      // drawing seams between neighbouring runs.
      for (const run of runs)
        doc.rect(
          pt(item.x + run.col * unit),
          pt(item.y + run.row * unit),
          pt(run.length * unit) + 0.01,
          pt(unit) + 0.01,
        );
      doc.fill('#000000');
      doc.restore();
      return;
    }
  }
}

/** The document as a PDF: vector shapes and the DejaVu fonts embedded (subset). */
export async function renderPdf(document: PrintDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    lang: 'de',
    info: { Title: document.title, Creator: 'Arcadia', Producer: 'Arcadia' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const loaded = fonts();
  for (const name of Object.keys(FONT_FILES) as FontName[])
    doc.registerFont(name, loaded[name].data);
  for (const page of document.pages) {
    doc.addPage({ size: [pt(page.width), pt(page.height)], margin: 0 });
    for (const item of page.items) draw(doc, item);
  }
  doc.end();
  return done;
}
