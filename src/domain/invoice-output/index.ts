// The outputs of an invoice a person uses: the printed invoice (an A4 image or a PDF) with the Finnish bank
// barcode, and Finvoice 3.0 e-invoices (written from a sales invoice, read into a purchase-invoice draft).
// Pure: no database, no HTTP; made from an InvoiceDocument (document.ts).
export type { Amount, DocumentAddress, DocumentRow, InvoiceDocument, SellerDetails } from './document.ts';
export {
  BankBarcodeError,
  bankBarcode,
  code128Bars,
  finnishReferenceCheckDigit,
  isFinnishReference,
  isRfReference,
  type BankBarcodeInput,
} from './bank-barcode.ts';
export {
  InvoicePageNotFoundError,
  invoicePageCount,
  invoicePageSvg,
  rasteriseInvoicePage,
  renderInvoiceImage,
  renderInvoicePdf,
  type ImageFormat,
  type ImageOptions,
} from './render.ts';
export {
  FinvoiceInvalidError,
  buildFinvoice,
  parseFinvoice,
  validateFinvoice,
  type FinvoiceFailure,
  type FinvoiceOptions,
  type PurchaseInvoiceDraft,
} from './finvoice.ts';
export { keepSenderFigures, type KeptRow } from './finvoice-figures.ts';
