// `tase admin backup|restore FILE`: the database copied while it serves, or replaced by a copy; both work on the
// database itself, without building the service.
import { BackupError, backupDatabase, restoreDatabase } from '../db/backup.ts';
import { AdminError, type AdminCommand } from './admin-commands.ts';

const asAdmin = (err: unknown) => (err instanceof BackupError ? new AdminError(err.message) : err);

export const databaseAdminCommands: readonly AdminCommand[] = [
  {
    command: 'backup',
    usage: `backup FILE                                           copy the database to FILE while it serves (SQLite
                                                              online backup; PostgreSQL: pg_dump custom format)`,
    positionals: ['FILE'],
    runOffline: (config, { positionals: [file] }) =>
      backupDatabase(config.databaseDirectUrl ?? config.databaseUrl, file).catch((err: unknown) => {
        throw asAdmin(err);
      }),
  },
  {
    command: 'restore',
    usage: `restore FILE [--terminate]                            replace the database with the backup FILE (refused
                                                              while in use; --terminate ends its sessions first;
                                                              PostgreSQL: pg_restore --clean)`,
    options: { terminate: { type: 'boolean' } },
    positionals: ['FILE'],
    runOffline: (config, { values, positionals: [file] }) =>
      restoreDatabase(config.databaseDirectUrl ?? config.databaseUrl, file, {
        terminate: values.terminate === true,
      }).catch((err: unknown) => {
        throw asAdmin(err);
      }),
  },
];
