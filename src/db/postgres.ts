// The production engine: PostgreSQL through pg. Dates and datetimes are stored as ISO text and amounts as
// integer minor units or exact decimal text, the same as on the embedded engine.
import pg from 'pg';
import { PostgresDialect } from 'kysely';

pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : BigInt(value);
});

export function openPostgres(url: string, poolSize: number): { dialect: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  return { dialect: new PostgresDialect({ pool }), pool };
}
