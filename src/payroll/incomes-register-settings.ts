// What the Incomes Register reporting of a company keeps: the payer's contact person every message names (the
// register's ContactPersons is required), and the slips whose reports were delivered, so a slip approved again
// after a correction is reported as a replacement of its earlier report.
import { insertOrUpdateTransaction, type Db } from '../db/index.ts';
import type { AppContext } from '../platform/context.ts';
import { nextVersion } from '../platform/clock.ts';
import type { IncomesRegisterContactWire } from './settings-schemas.ts';

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
}

declare module '../db/types.ts' {
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

/** The slips of `slipIds` whose reports the register already has. */
export async function reportedSlips(db: Db, companyId: number, slipIds: readonly number[]): Promise<Set<number>> {
  if (slipIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('incomes_register_reports')
    .select('slip_id')
    .where('company_id', '=', companyId)
    .where('slip_id', 'in', [...slipIds])
    .execute();
  return new Set(rows.map((r) => Number(r.slip_id)));
}

/** Notes the reports of a delivered message: later reports of these slips replace them. */
export async function markReported(
  db: Db,
  companyId: number,
  reports: readonly { slipId: number; reportId: string }[],
  delivered: string,
): Promise<void> {
  const known = await reportedSlips(
    db,
    companyId,
    reports.map((r) => r.slipId),
  );
  const fresh = reports.filter((r) => !known.has(r.slipId));
  for (let i = 0; i < fresh.length; i += 500)
    await db
      .insertInto('incomes_register_reports')
      .values(
        fresh.slice(i, i + 500).map((r) => ({
          company_id: companyId,
          slip_id: r.slipId,
          report_id: r.reportId,
          delivered,
        })),
      )
      .execute();
}
