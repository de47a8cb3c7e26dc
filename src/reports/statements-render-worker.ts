// The thread that renders the financial statements' PDF (src/platform/render-pool.ts); it holds nothing but the job.
import { renderFinancialStatementsPdf, type PortableStatements } from '../domain/financial-statements-pdf.ts';
import { serveRenderJobs } from '../platform/render-pool.ts';

serveRenderJobs<PortableStatements>(async (statements) => ({ bytes: await renderFinancialStatementsPdf(statements) }));
