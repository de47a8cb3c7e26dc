// What the Incomes Register reporting of a company keeps: the payer's contact person every message names (the
// register's ContactPersons is required), and the slips whose reports were delivered, so a slip approved again
// after a correction is reported as a replacement of its earlier report.
import { insertOrUpdateTransaction, type Db } from '../../db/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { nextVersion } from '../../platform/clock.ts';
import type { IncomesRegisterContactWire } from '../settings/schemas.ts';

interface ContactPersonRow {
  company_id: number;
  name: string;
  telephone: string;
  email: string | null;
  version: string;
}

interface ReportedSlipRow {
  company_id: number;
  slip_id: number;
  /** The payer's report id the register knows the report by. */
  report_id: string;
  delivered: string;
  payment_date: string | null;
  /** When the report was cancelled; null while the register has it. */
  cancelled: string | null;
  cancellations: number;
}

declare module '../../db/types.ts' {
  interface Database {
    payroll_contact_persons: ContactPersonRow;
    incomes_register_reports: ReportedSlipRow;
  }
}

const toWire = (row: ContactPersonRow): IncomesRegisterContactWire => ({
  name: row.name,
  telephone: row.telephone,
  ...(row.email !== null ? { email: row.email } : {}),
  version: row.version,
});

export async function contactPerson(db: Db, companyId: number): Promise<IncomesRegisterContactWire | null> {
  const row = await db
    .selectFrom('payroll_contact_persons')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? toWire(row) : null;
}

/** Sets the company's payroll contact person, replacing the one before. */
export async function setContactPerson(
  ctx: AppContext,
  companyId: number,
  body: IncomesRegisterContactWire,
): Promise<IncomesRegisterContactWire> {
  return insertOrUpdateTransaction(ctx.db, async (trx) => {
    const current = await trx
      .selectFrom('payroll_contact_persons')
      .select('version')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    const row: ContactPersonRow = {
      company_id: companyId,
      name: body.name,
      telephone: body.telephone,
      email: body.email ?? null,
      version: nextVersion(ctx.clock.now(), current?.version),
    };
    if (current)
      await trx
        .updateTable('payroll_contact_persons')
        .set({ name: row.name, telephone: row.telephone, email: row.email, version: row.version })
        .where('company_id', '=', companyId)
        .execute();
    else await trx.insertInto('payroll_contact_persons').values(row).execute();
    return toWire(row);
  });
}

/** A slip's report as delivered: its id, the payday it reported, and whether it was cancelled since. */
export interface DeliveredReport {
  slipId: number;
  reportId: string;
  /** Null for reports delivered before the payday was kept. */
  paymentDate: string | null;
  cancelled: boolean;
  /** How many reports of the slip were cancelled before this one. */
  cancellations: number;
}

const toDelivered = (r: ReportedSlipRow): DeliveredReport => ({
  slipId: Number(r.slip_id),
  reportId: r.report_id,
  paymentDate: r.payment_date,
  cancelled: r.cancelled !== null,
  cancellations: Number(r.cancellations),
});

/** The delivered reports of the slips of `slipIds`, by slip. */
export async function deliveredReports(
  db: Db,
  companyId: number,
  slipIds: readonly number[],
): Promise<Map<number, DeliveredReport>> {
  const out = new Map<number, DeliveredReport>();
  for (let i = 0; i < slipIds.length; i += 500) {
    const rows = await db
      .selectFrom('incomes_register_reports')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('slip_id', 'in', slipIds.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(Number(row.slip_id), toDelivered(row));
  }
  return out;
}

/** The reports delivered for a payday that the register still has (not cancelled). */
export async function liveReportsOf(db: Db, companyId: number, payday: string): Promise<DeliveredReport[]> {
  const rows = await db
    .selectFrom('incomes_register_reports')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('payment_date', '=', payday)
    .where('cancelled', 'is', null)
    .execute();
  return rows.map(toDelivered);
}

/**
 * Notes a delivered message and its cancellations: a cancelled report is one the register no longer has, and a
 * report delivered under a new id counts the cancellation before it. One transaction, so a message is noted whole.
 */
export async function markReported(
  db: Db,
  companyId: number,
  delivery: {
    reports: readonly { slipId: number; reportId: string; paymentDate: string }[];
    cancellations: readonly { slipId: number; reportId: string }[];
  },
  delivered: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const known = await deliveredReports(trx, companyId, [
      ...new Set([...delivery.reports, ...delivery.cancellations].map((r) => r.slipId)),
    ]);
    for (const c of delivery.cancellations)
      await trx
        .updateTable('incomes_register_reports')
        .set({ cancelled: delivered })
        .where('company_id', '=', companyId)
        .where('slip_id', '=', c.slipId)
        .where('report_id', '=', c.reportId)
        .execute();
    const fresh = delivery.reports.filter((r) => !known.has(r.slipId));
    for (const r of delivery.reports) {
      const before = known.get(r.slipId);
      if (!before) continue;
      await trx
        .updateTable('incomes_register_reports')
        .set({
          report_id: r.reportId,
          payment_date: r.paymentDate,
          delivered,
          cancelled: null,
          cancellations: before.reportId === r.reportId ? before.cancellations : before.cancellations + 1,
        })
        .where('company_id', '=', companyId)
        .where('slip_id', '=', r.slipId)
        .execute();
    }
    for (let i = 0; i < fresh.length; i += 500)
      await trx
        .insertInto('incomes_register_reports')
        .values(
          fresh.slice(i, i + 500).map((r) => ({
            company_id: companyId,
            slip_id: r.slipId,
            report_id: r.reportId,
            delivered,
            payment_date: r.paymentDate,
            cancelled: null,
            cancellations: 0,
          })),
        )
        .execute();
  });
}
