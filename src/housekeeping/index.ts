// Housekeeping: the background task that runs every area's purges of expired rows.
import { defineArea } from '../platform/area.ts';
import { housekeepingAdminCommands } from './admin-commands.ts';
import { housekeepingMigrations } from './migrations.ts';
import { Housekeeping, purgesOf } from './task.ts';

export { Housekeeping, purgesOf, type HousekeepingCounts } from './task.ts';

export const housekeepingArea = defineArea({
  name: 'housekeeping',
  adminCommands: housekeepingAdminCommands,
  migrations: housekeepingMigrations,
  create: (ctx, _deps, areas) =>
    new Housekeeping(ctx, {
      purges: purgesOf(areas),
      intervalMs: (ctx.config.housekeepingIntervalSeconds ?? 600) * 1000,
    }),
  tasks: (housekeeping) => [housekeeping],
});
