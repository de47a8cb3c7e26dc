// Every migration of every area, one set for both engines. Names sort in the order they run.
import type { Migration } from 'kysely';
import { identityMigrations } from '../auth/migrations.ts';
import { productMigrations } from '../products/migrations.ts';
import { dimensionMigrations } from '../dimensions/migrations.ts';
import { partnerMigrations } from '../partners/migrations.ts';
import { companySettingsMigrations } from '../company/migrations.ts';
import { bankAccountMigrations } from '../bankaccounts/migrations.ts';
import { accountMigrations } from '../accounts/migrations.ts';
import { fiscalMigrations } from '../fiscal/migrations.ts';
import { vatMigrations } from '../vat/migrations.ts';
import { ledgerMigrations } from '../ledger/migrations.ts';
import { reportMigrations } from '../reports/migrations.ts';
import { mfaMigrations } from '../mfa/migrations.ts';
import { webhookMigrations } from '../webhooks/migrations.ts';
import { authenticatorMigrations } from '../authenticator/migrations.ts';
import { housekeepingMigrations } from '../housekeeping/migrations.ts';

export const allMigrations: Record<string, Migration> = {
  ...identityMigrations,
  ...productMigrations,
  ...dimensionMigrations,
  ...partnerMigrations,
  ...companySettingsMigrations,
  ...bankAccountMigrations,
  ...accountMigrations,
  ...fiscalMigrations,
  ...vatMigrations,
  ...ledgerMigrations,
  ...reportMigrations,
  ...mfaMigrations,
  ...webhookMigrations,
  ...authenticatorMigrations,
  ...housekeepingMigrations,
};
