// The invoice as a picture (PNG or JPEG of an A4 page) and as a PDF, both drawn from the one layout. The picture
// is an SVG of the page, its text as glyph outlines of the embedded typeface (so no system font is needed),
// rasterised by sharp; the PDF is written by pdfkit as PDF/A-2b with the typeface embedded.
// pdfkit and sharp are loaded when the first picture or PDF is made: together they cost a start ~0.5 s
import type { InvoiceDocument } from './document.ts';
import { textOutline } from './fonts.ts';
import { openPdfDocument } from '../pdf-document.ts';
import { A4, layoutInvoice, type DrawOp } from './layout.ts';

export type ImageFormat = 'png' | 'jpeg';

export interface ImageOptions {
  /** Dots per inch (default 150: 1240 × 1754 pixels). */
  dpi?: number;
  /** Page number, from 1 (default 1). */
  page?: number;
}

export class InvoicePageNotFoundError extends Error {
  override name = 'InvoicePageNotFoundError';
}

const round = (n: number) => Math.round(n * 100) / 100;

function svgOf(ops: DrawOp[], dpi: number): string {
  const width = Math.round((A4.width * dpi) / 72);
  const height = Math.round((A4.height * dpi) / 72);
  const body = ops.map((op) => {
    switch (op.kind) {
      case 'text':
        return `<path d="${textOutline(op.text, op.x, op.y, op.size, op.weight)}"/>`;
      case 'line':
        return `<line x1="${round(op.x1)}" y1="${round(op.y1)}" x2="${round(op.x2)}" y2="${round(op.y2)}" stroke="#000" stroke-width="${op.width}"/>`;
      case 'rect':
        return `<rect x="${op.x}" y="${op.y}" width="${op.width}" height="${op.height}" shape-rendering="crispEdges"/>`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${A4.width} ${A4.height}">` +
    `<rect width="100%" height="100%" fill="#fff"/><g fill="#000">${body.join('')}</g></svg>`
  );
}

/** One page of the invoice as the SVG its picture is rasterised from (the work of laying the invoice out). */
export function invoicePageSvg(doc: InvoiceDocument, options: ImageOptions = {}): string {
  const { pages } = layoutInvoice(doc);
  const page = options.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > pages.length)
    throw new InvoicePageNotFoundError(`the invoice has ${pages.length} page(s), not a page ${page}`);
  return svgOf(pages[page - 1], options.dpi ?? 150);
}

/** An SVG page of `invoicePageSvg` as a picture (sharp rasterises it on libuv's threads, off the event loop). */
export async function rasteriseInvoicePage(svg: string, format: ImageFormat): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const image = sharp(Buffer.from(svg)).flatten({ background: '#ffffff' });
  return format === 'png'
    ? image.greyscale().png({ compressionLevel: 9 }).toBuffer()
    : image.jpeg({ quality: 90 }).toBuffer();
}

/** One page of the invoice as an A4 picture. */
export async function renderInvoiceImage(
  doc: InvoiceDocument,
  format: ImageFormat,
  options: ImageOptions = {},
): Promise<Buffer> {
  return rasteriseInvoicePage(invoicePageSvg(doc, options), format);
}

/** Number of pages of the invoice as laid out. */
export function invoicePageCount(doc: InvoiceDocument): number {
  return layoutInvoice(doc).pages.length;
}

/** The whole invoice as a PDF/A-2b document with its fonts embedded. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { pages } = layoutInvoice(doc);
  const { pdf, done } = await openPdfDocument({
    lang: doc.language === 'ENGLISH' ? 'en' : doc.language === 'SWEDISH' ? 'sv' : 'fi',
    title: `${doc.seller.name} ${doc.invoiceNumber}`,
    author: doc.seller.name,
    subject: 'Invoice',
    // dated by the invoice, so the same invoice is the same bytes every time
    date: doc.date,
    margin: 0,
    autoFirstPage: false,
  });
  for (const ops of pages) {
    pdf.addPage();
    for (const op of ops) {
      if (op.kind === 'text') {
        pdf.font(op.weight).fontSize(op.size).fillColor('#000');
        pdf.text(op.text, op.x, op.y, { lineBreak: false, baseline: 'alphabetic' });
      } else if (op.kind === 'line') {
        pdf.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.width).stroke('#000');
      } else {
        pdf.rect(op.x, op.y, op.width, op.height).fill('#000');
      }
    }
  }
  pdf.end();
  return done;
}
