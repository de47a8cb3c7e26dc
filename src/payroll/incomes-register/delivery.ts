// What the `tase admin payroll …` commands run: the Incomes Register messages of a payday written out, the reports
// noted as delivered, and the contact person the messages name.
import type { AppContext } from '../../platform/context.ts';
import { PayrollReports, type IncomesRegisterBatch } from '../reports/reports.ts';
import { setContactPerson } from './settings.ts';

/** The Incomes Register batch messages of the approved slips paid on a day: of one company, or of every company. */
export function incomesRegisterBatches(
  ctx: AppContext,
  payday: string,
  companyId?: number,
): Promise<IncomesRegisterBatch[]> {
  const reports = new PayrollReports(ctx);
  return companyId === undefined
    ? reports.incomesRegisterBatches(payday)
    : reports.incomesRegisterBatch(companyId, payday).then((batch) => [batch]);
}

/**
 * Notes the reports of messages written out as delivered: a slip of theirs approved again later (after a
 * correction) is reported as their replacement.
 */
export async function markIncomesRegisterDelivered(ctx: AppContext, batches: readonly IncomesRegisterBatch[]) {
  const reports = new PayrollReports(ctx);
  for (const batch of batches) await reports.markDelivered(batch);
}

/** Sets a company's payroll contact person, whom its Incomes Register messages name; null for no such company. */
export async function setPayrollContactPerson(
  ctx: AppContext,
  companyId: number,
  contact: { name: string; telephone: string; email?: string },
) {
  const company = await ctx.companies.company(ctx.db, companyId);
  return company ? setContactPerson(ctx, companyId, contact) : null;
}
