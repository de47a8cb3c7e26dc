// `tase admin housekeeping`: one pass of the purges now, rather than at the next interval.
import type { AdminCommand } from '../platform/admin-commands.ts';
import type { Housekeeping } from './task.ts';

export const housekeepingAdminCommands: readonly AdminCommand<Housekeeping>[] = [
  {
    command: 'housekeeping',
    usage: 'housekeeping                                          delete expired rows now (one pass), print the counts',
    run: ({ service }) => service.runOnce(),
  },
];
