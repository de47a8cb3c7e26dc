// `tase admin payroll …`: the Incomes Register messages of the approved slips paid on a day, and the contact person
// they name.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminError, asAdminError, int, optional, required, type AdminCommand } from '../platform/admin-commands.ts';
import {
  incomesRegisterBatches,
  markIncomesRegisterDelivered,
  setPayrollContactPerson,
} from './incomes-register/delivery.ts';

export const payrollAdminCommands: readonly AdminCommand[] = [
  {
    command: 'payroll incomes-register',
    usage: `payroll incomes-register --payday D [--company N] [--out DIR]   the Incomes Register message of the approved
                    slips paid on D (XML to stdout; with --out one file per company and a JSON summary); the
                    company needs a payroll contact person (below); slips reported again later go as replacements;
                    reports whose slips were unapproved or moved to another payday are cancelled in a second
                    record (incomes-register-cancellations-N-D.xml, so --out is then needed)`,
    options: { payday: { type: 'string' }, company: { type: 'string' }, out: { type: 'string' } },
    ownOutput: true,
    run: async ({ ctx, values }) => {
      const payday = required('payday', values.payday);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(payday) || Number.isNaN(Date.parse(`${payday}T00:00:00Z`)))
        throw new AdminError('--payday must be a date YYYY-MM-DD');
      const company = values.company === undefined ? undefined : int('company', values.company);
      const batches = await incomesRegisterBatches(ctx, payday, company).catch((err: unknown) => {
        throw asAdminError(err);
      });
      const messages = batches.filter((b) => b.xml !== null || b.cancellationXml !== null);
      const out = optional(values.out);
      if (out !== undefined) {
        await mkdir(out, { recursive: true });
        const written = [];
        for (const batch of messages) {
          const file = join(out, `incomes-register-${batch.companyId}-${payday}.xml`);
          const cancellations = join(out, `incomes-register-cancellations-${batch.companyId}-${payday}.xml`);
          // the register wants a cancellation and the new report of the same slip on the same day: both files at once
          if (batch.cancellationXml !== null) await writeFile(cancellations, batch.cancellationXml);
          if (batch.xml !== null) await writeFile(file, batch.xml);
          await markIncomesRegisterDelivered(ctx, [batch]);
          written.push({
            companyId: batch.companyId,
            ...(batch.xml !== null ? { file } : {}),
            reported: batch.reported,
            leftOut: batch.leftOut,
            ...(batch.cancellationXml !== null ? { cancellationFile: cancellations, cancelled: batch.cancelled } : {}),
          });
        }
        process.stdout.write(`${JSON.stringify({ payday, messages: written }, null, 2)}\n`);
        return;
      }
      if (messages.length === 0) throw new AdminError(`no approved salary slip paid on ${payday} is to be reported`);
      if (messages.length > 1)
        throw new AdminError(
          `slips of ${messages.length} companies were paid on ${payday}: give --company N or --out DIR`,
        );
      if (messages[0].cancellationXml !== null)
        throw new AdminError(
          `reports delivered for ${payday} are to be cancelled beside the reports: give --out DIR for the two records`,
        );
      process.stdout.write(messages[0].xml!);
      await markIncomesRegisterDelivered(ctx, messages);
    },
  },
  {
    command: 'payroll contact-person',
    usage: `payroll contact-person --company N --name NAME --phone PHONE [--email EMAIL]   the payroll contact person
                    the company's Incomes Register messages name`,
    options: {
      company: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      email: { type: 'string' },
    },
    run: async ({ ctx, values }) => {
      const email = optional(values.email);
      const contact = await setPayrollContactPerson(ctx, int('company', values.company), {
        name: required('name', values.name),
        telephone: required('phone', values.phone),
        ...(email !== undefined ? { email } : {}),
      });
      if (!contact) throw new AdminError(`no company ${String(values.company)}`);
      return contact;
    },
  },
];
