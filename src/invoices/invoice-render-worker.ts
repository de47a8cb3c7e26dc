// The thread that renders a long invoice (src/platform/render-pool.ts): it parses the stored document, works the
// figures out, lays the invoice out and writes the PDF, or the SVG of one page (sharp rasterises it back on the
// main thread: a native module is not safe in a thread that may be terminated). It holds nothing but the job, so
// it may be ended at any moment.
import { invoicePageSvg, renderInvoicePdf } from '../domain/invoice-output/index.ts';
import { serveRenderJobs } from '../platform/render-pool.ts';
import { printedDocument, type PrintableInvoice } from './invoice-document.ts';

/** A job of this worker: the PDF of the invoice, or the SVG of its page `page`. */
export interface InvoiceRenderJob extends PrintableInvoice {
  page?: number;
}

serveRenderJobs<InvoiceRenderJob>(async (job) => {
  const document = printedDocument(job);
  return job.page === undefined
    ? { bytes: await renderInvoicePdf(document) }
    : { svg: invoicePageSvg(document, { page: job.page }) };
});
