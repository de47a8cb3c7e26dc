// The thread that renders a long payslip's PDF (src/platform/render-pool.ts); it holds nothing but the job.
import { renderPayslipPdf, type Payslip } from '../domain/payroll/payslip-pdf.ts';
import { serveRenderJobs } from '../platform/render-pool.ts';

serveRenderJobs<Payslip>(async (slip) => ({ bytes: await renderPayslipPdf(slip) }));
