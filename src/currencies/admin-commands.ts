// `tase admin rates …`: the ECB euro reference rates stored from a file, and what is stored.
import { readFile } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import { AdminError, type AdminCommand } from '../platform/admin-commands.ts';
import { parseEcbRates, RatesFileError } from './ecb.ts';
import type { CurrencyService } from './service.ts';

export const currenciesAdminCommands: readonly AdminCommand<CurrencyService>[] = [
  {
    command: 'rates import',
    usage:
      'rates import FILE                                     store the ECB euro reference rates of FILE (daily or historical XML)',
    positionals: ['FILE'],
    run: async ({ service, positionals: [file] }) => {
      let xml: string;
      try {
        xml = await readFile(file, 'utf8');
      } catch (err) {
        throw new AdminError(`cannot read ${file}: ${(err as Error).message}`);
      }
      let days;
      try {
        days = parseEcbRates(xml);
      } catch (err) {
        if (err instanceof RatesFileError) throw new AdminError(`${file}: ${err.message}`);
        throw err;
      }
      if (days.length === 1) return service.storeRates(days);
      // a file of many days: a progress bar on stderr
      const bar = new SingleBar(
        { format: 'rates [{bar}] {percentage}% | {value}/{total} days', noTTYOutput: true, stream: process.stderr },
        Presets.shades_classic,
      );
      try {
        return await service.storeRates(days, (done, total) => (done === 0 ? bar.start(total, 0) : bar.update(done)));
      } finally {
        bar.stop();
      }
    },
  },
  {
    command: 'rates status',
    usage: 'rates status                                          the days and currencies of rates stored',
    run: ({ service }) => service.coverage(),
  },
];
