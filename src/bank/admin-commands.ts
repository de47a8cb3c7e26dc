// `tase admin bank import FILE --company-id N`: a bank's camt.053 or camt.054 file, read as a stream with a progress
// bar on stderr.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import { AdminError, asAdmin, int, type AdminCommand } from '../platform/admin-commands.ts';
import type { BankService } from './service.ts';

export const bankAdminCommands: readonly AdminCommand<BankService>[] = [
  {
    command: 'bank import',
    usage:
      'bank import FILE --company-id N                       import a camt.053 statement or camt.054 notification file',
    options: { 'company-id': { type: 'string' } },
    positionals: ['FILE'],
    run: async ({ service, values, positionals: [file] }) => {
      const companyId = int('company-id', values['company-id']);
      let size: number;
      try {
        size = (await stat(file)).size;
      } catch (err) {
        throw new AdminError(`cannot read ${file}: ${(err as Error).message}`);
      }
      const bar = new SingleBar(
        { format: 'bank [{bar}] {percentage}% | {entries} entries', noTTYOutput: true, stream: process.stderr },
        Presets.shades_classic,
      );
      bar.start(size, 0, { entries: 0 });
      try {
        return await asAdmin(() =>
          service.importFile(companyId, createReadStream(file), (progress) =>
            bar.update(progress.bytes, { entries: progress.entries }),
          ),
        );
      } finally {
        bar.stop();
      }
    },
  },
];
