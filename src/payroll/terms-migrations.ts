import type { Kysely, Migration } from 'kysely';

// Payroll: labor unions (the company's union settings and the employees' memberships).
export const payrollTermsMigrations: Record<string, Migration> = {
  '0750_labor_unions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('labor_union_settings')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('labor_union_settings_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('labor_union_settings_by_name')
        .on('labor_union_settings')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      // A membership of an employee (LaborUnionMembership kept as JSON in `data`).
      await db.schema
        .createTable('labor_union_memberships')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('employee_id', 'bigint', (c) => c.notNull())
        .addColumn('labor_union_setting_id', 'bigint', (c) => c.notNull())
        .addColumn('membership_start', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('labor_union_memberships_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('labor_union_memberships_by_employee')
        .on('labor_union_memberships')
        .columns(['company_id', 'employee_id'])
        .execute();
    },
  },
};
