// `tase admin payments export --company-id N --out DIR`: the queued payments become payment files (validated
// against the pain.001.001.09 schema), each written to DIR as MESSAGE-ID.xml for the bank.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminError, asAdmin, int, optional, type AdminCommand } from '../platform/admin-commands.ts';
import type { PaymentFiles } from './files.ts';

export const paymentsAdminCommands: readonly AdminCommand<{ files: PaymentFiles }>[] = [
  {
    command: 'payments export',
    usage:
      'payments export --company-id N --out DIR              write the queued payments as pain.001.001.09 files into DIR',
    options: { 'company-id': { type: 'string' }, out: { type: 'string' } },
    run: ({ service: { files }, values }) => {
      const out = optional(values.out);
      if (!out) throw new AdminError('admin payments export takes --company-id N --out DIR');
      const companyId = int('company-id', values['company-id']);
      return asAdmin(async () => {
        const result = await files.export(companyId);
        await mkdir(out, { recursive: true });
        const written: string[] = [];
        for (const file of result.files) {
          const { messageId, xml } = await files.xml(companyId, file.id);
          const path = join(out, `${messageId}.xml`);
          await writeFile(path, xml);
          written.push(path);
        }
        return { ...result, written };
      });
    },
  },
];
