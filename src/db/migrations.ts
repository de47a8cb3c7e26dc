// Every migration of every area, one set for both engines. Names sort in the order they run.
import type { Migration } from 'kysely';
import { identityMigrations } from '../auth/migrations.ts';
import { productMigrations } from '../products/migrations.ts';

export const allMigrations: Record<string, Migration> = {
  ...identityMigrations,
  ...productMigrations,
};
