// A payslip's PDF drawn in a worker thread of the render pool, bounded in time, off the event loop (a slip has at
// most 200 rows). The worker's file sits beside this one, as the bundle builds it beside itself (scripts/bundle.ts).
import type { Payslip } from '../domain/payroll/payslip-pdf.ts';
import { pdfOf, renderInWorker, workerEntry } from '../platform/render-pool.ts';

const PAYSLIP_WORKER = workerEntry(import.meta.url, 'payslip-render-worker');

export async function renderPayslip(slip: Payslip, timeoutMs: number): Promise<Buffer> {
  return pdfOf(await renderInWorker(PAYSLIP_WORKER, slip, timeoutMs));
}
