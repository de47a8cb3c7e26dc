// Labor unions: the company's union settings (seeded with the main Finnish unions) and the employees' memberships.
import { allocateId, type Db } from '../../db/index.ts';
import { apiError, notFound } from '../../platform/errors.ts';
import { parseJson, stringifyJson } from '../../platform/json.ts';
import type { RecordKind } from '../employees/registers.ts';
import type { LaborUnionMembershipWire, LaborUnionSettingWire } from './schemas.ts';

interface LaborUnionSettingRow {
  company_id: number;
  id: number;
  name: string;
}

interface LaborUnionMembershipRow {
  company_id: number;
  id: number;
  employee_id: number;
  labor_union_setting_id: number;
  membership_start: string;
  /** The rest of the LaborUnionMembership, JSON. */
  data: string;
  version: string;
}

declare module '../../db/types.ts' {
  interface Database {
    labor_union_settings: LaborUnionSettingRow;
    labor_union_memberships: LaborUnionMembershipRow;
  }
}

/** The unions a company starts with; the membership fee is deducted with salary type 6060. */
const FINNISH_LABOR_UNIONS = [
  'Palvelualojen ammattiliitto PAM',
  'Teollisuusliitto',
  'Ammattiliitto Pro',
  'Julkisten ja hyvinvointialojen liitto JHL',
  'Rakennusliitto',
  'Sähköalojen ammattiliitto',
  'Auto- ja Kuljetusalan Työntekijäliitto AKT',
  'Tekniikan akateemiset TEK',
  'Insinööriliitto',
  'Ammattiliitto Jyty',
  'Tehy',
  'Super',
  'Erityisalojen toimihenkilöliitto ERTO',
];

/** Company setup: the union settings, once (a union's name is unique in a company, so a second run adds nothing). */
export async function seedLaborUnionSettings(db: Db, companyId: number): Promise<void> {
  const any = await db
    .selectFrom('labor_union_settings')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  for (const name of FINNISH_LABOR_UNIONS)
    await db
      .insertInto('labor_union_settings')
      .values({ company_id: companyId, id: await allocateId(db, companyId, 'labor_union_settings'), name })
      .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
      .execute();
}

/**
 * The company's unions. A company set up before unions were part of the payroll step (the step runs once per
 * area) gets them on its first read.
 */
export async function laborUnionSettings(db: Db, companyId: number): Promise<LaborUnionSettingWire[]> {
  const read = () =>
    db.selectFrom('labor_union_settings').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
  let rows = await read();
  if (rows.length === 0) {
    await db.transaction().execute((trx) => seedLaborUnionSettings(trx, companyId));
    rows = await read();
  }
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}

export const LABOR_UNION_MEMBERSHIPS: RecordKind<'labor_union_memberships', LaborUnionMembershipWire> = {
  table: 'labor_union_memberships',
  resource: 'Labor union membership',
  toWire: (row) => ({
    ...(parseJson(row.data) as Omit<LaborUnionMembershipWire, 'laborUnionSettingId' | 'membershipStart'>),
    id: Number(row.id),
    laborUnionSettingId: Number(row.labor_union_setting_id),
    membershipStart: row.membership_start,
    version: row.version,
  }),
  toRow({ created: _created, ...base }, body) {
    if (body.membershipEnd && body.membershipEnd < body.membershipStart)
      throw apiError('VALIDATION_FAILED', 'membershipEnd', {
        detail: "'membershipEnd' must not be before 'membershipStart'.",
      });
    const { id: _id, version: _version, laborUnionSettingId, membershipStart, ...data } = body;
    return {
      ...base,
      labor_union_setting_id: laborUnionSettingId,
      membership_start: membershipStart,
      data: stringifyJson(data),
    };
  },
  compare: (a, b) => a.membership_start.localeCompare(b.membership_start) || Number(a.id) - Number(b.id),
  async check(db, companyId, body) {
    const setting = await db
      .selectFrom('labor_union_settings')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '=', body.laborUnionSettingId)
      .executeTakeFirst();
    if (!setting) throw notFound('Labor union setting');
  },
};
