// PostgreSQL's locks of fiscal periods: FOR UPDATE before a close (a concurrent posting waits, then finds the
// period closed, instead of deadlocking), FOR SHARE under a posting (a concurrent close waits for it).
import type { PeriodLocks } from './period-locks.ts';

export const postgresPeriodLocks: PeriodLocks = {
  async holdPeriodsIn(trx, companyId, start, end) {
    await trx
      .selectFrom('fiscal_periods')
      .select('id')
      .where('company_id', '=', companyId)
      .where('start_date', '<=', end)
      .where('end_date', '>=', start)
      .forUpdate()
      .execute();
  },
  shared: (query) => query.forShare(),
};
