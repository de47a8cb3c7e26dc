import { sql, type Kysely, type Migration } from 'kysely';
import { parseJson } from '../platform/json.ts';

// Business partners (customers, suppliers and persons share one register and one id space), partner groups,
// default products of partners, and factoring contracts.
export const partnerMigrations: Record<string, Migration> = {
  '0201_partners': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('business_partners')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull()) // CUSTOMER | SUPPLIER | PERSON
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        // copies of searchable fields of `data`
        .addColumn('customer_number', 'text')
        .addColumn('identifier', 'text')
        .addColumn('identifier_type', 'text')
        .addColumn('factoring_contract_id', 'bigint')
        // the rest of the partner as exact JSON (decimals as JSON numbers with their exact digits)
        .addColumn('data', 'text', (c) => c.notNull())
        // person-only fields of a PERSON partner (first and last name, job title, gender, …)
        .addColumn('person', 'text')
        .addColumn('default_accounts', 'text')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('business_partners_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('business_partners_by_type')
        .on('business_partners')
        .columns(['company_id', 'type', 'active', 'id'])
        .execute();
      await db.schema
        .createIndex('business_partners_by_version')
        .on('business_partners')
        .columns(['company_id', 'version'])
        .execute();
      await db.schema
        .createTable('partner_groups')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('partner_groups_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createTable('business_partner_groups')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('partner_id', 'bigint', (c) => c.notNull())
        .addColumn('group_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('business_partner_groups_pk', ['company_id', 'partner_id', 'group_id'])
        .execute();
      await db.schema
        .createIndex('business_partner_groups_by_group')
        .on('business_partner_groups')
        .columns(['company_id', 'group_id'])
        .execute();
      await db.schema
        .createTable('partner_default_products')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('partner_id', 'bigint', (c) => c.notNull())
        .addColumn('product_id', 'bigint', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('settings', 'text')
        .addColumn('validity_periods', 'text')
        .addPrimaryKeyConstraint('partner_default_products_pk', ['company_id', 'id'])
        .execute();
      await db.schema
        .createIndex('partner_default_products_by_partner')
        .on('partner_default_products')
        .columns(['company_id', 'partner_id'])
        .execute();
      await db.schema
        .createTable('factoring_contracts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull()) // FI (GET/POST /factoringcontracts) or SE (/se/factoringcontracts)
        .addColumn('contract_number', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('factoring_contracts_pk', ['company_id', 'id'])
        .execute();
    },
  },
  // Searchable copies of two fields of `data` the real search filters by: a partner's main group
  // (additionalInfo.group, `mainGroup`) and a contract's financing company (`financingCompanyId`).
  '0204_partners_search_copies': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('business_partners').addColumn('main_group', 'text').execute();
      await db.schema.alterTable('factoring_contracts').addColumn('financing_company_id', 'text').execute();
      const companies = await sql<{ company_id: number | string }>`select company_id from companies`.execute(db);
      for (const { company_id: companyId } of companies.rows) {
        const partners = await sql<{
          id: number | string;
          data: string;
        }>`select id, data from business_partners where company_id = ${companyId}`.execute(db);
        for (const row of partners.rows) {
          const group = (parseJson(row.data) as { additionalInfo?: { group?: string } }).additionalInfo?.group;
          if (group)
            await sql`update business_partners set main_group = ${group} where company_id = ${companyId} and id = ${row.id}`.execute(
              db,
            );
        }
        const contracts = await sql<{
          id: number | string;
          data: string;
        }>`select id, data from factoring_contracts where company_id = ${companyId}`.execute(db);
        for (const row of contracts.rows) {
          const financingCompanyId = (parseJson(row.data) as { financingCompany?: { id?: string } }).financingCompany
            ?.id;
          if (financingCompanyId) {
            await sql`update factoring_contracts set financing_company_id = ${financingCompanyId} where company_id = ${companyId} and id = ${row.id}`.execute(
              db,
            );
          }
        }
      }
    },
  },
};
