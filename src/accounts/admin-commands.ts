// `tase admin account …`: the company's own accounts, with the same rules as the chart's endpoints.
import { AdminError, asAdmin, int, optional, required, type AdminCommand } from '../platform/admin-commands.ts';
import type { AccountService } from './service.ts';
import { ACCOUNT_TYPES } from './store.ts';

/** The `--type` of an account command: one of the account types. */
function accountType(value: unknown): (typeof ACCOUNT_TYPES)[number] {
  const type = required('type', value as string | undefined);
  const known = ACCOUNT_TYPES.find((t) => t === type);
  if (!known) throw new AdminError(`--type takes one of ${ACCOUNT_TYPES.join(', ')}`);
  return known;
}

export const accountsAdminCommands: readonly AdminCommand<AccountService>[] = [
  {
    command: 'account add',
    usage: `account add --company-id N --account NUMBER --name NAME --type ASSET|LIABILITY|EQUITY|INCOME|EXPENSE
                    [--name-sv NAME] [--vat-percent P --vat-status S]   add an account of the company's own; a
                    four-digit number's type must fit its range: 1xxx ASSET, 2000–2379 EQUITY, 2380–2999 LIABILITY,
                    3000–9999 INCOME or EXPENSE`,
    options: {
      'company-id': { type: 'string' },
      account: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      'name-sv': { type: 'string' },
      'vat-percent': { type: 'string' },
      'vat-status': { type: 'string' },
    },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(() => {
        const type = accountType(values.type);
        const vatStatus = optional(values['vat-status']);
        const nameSv = optional(values['name-sv']);
        return service.add(companyId, {
          number: required('account', values.account),
          name: required('name', values.name),
          type,
          translations: nameSv ? { sv: nameSv } : undefined,
          vatPercent: optional(values['vat-percent']),
          vatStatus: vatStatus === undefined ? undefined : int('vat-status', vatStatus),
        });
      });
    },
  },
  {
    command: 'account retype',
    usage:
      "account retype --company-id N --account NUMBER --type TYPE   change an account's type (within its number's range)",
    options: { 'company-id': { type: 'string' }, account: { type: 'string' }, type: { type: 'string' } },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(() => service.retype(companyId, required('account', values.account), accountType(values.type)));
    },
  },
  {
    command: 'account rename',
    usage:
      'account rename --company-id N --account NUMBER --name NAME [--language sv]   rename (or translate) an account',
    options: {
      'company-id': { type: 'string' },
      account: { type: 'string' },
      name: { type: 'string' },
      language: { type: 'string' },
    },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(() =>
        service.rename(
          companyId,
          required('account', values.account),
          required('name', values.name),
          optional(values.language),
        ),
      );
    },
  },
  {
    command: 'account set-active',
    usage:
      'account set-active --company-id N --account NUMBER --active true|false       deactivate or activate an account',
    options: { 'company-id': { type: 'string' }, account: { type: 'string' }, active: { type: 'string' } },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(() => {
        const active = values.active;
        if (active !== 'true' && active !== 'false') throw new AdminError('--active takes true or false');
        return service.update(companyId, required('account', values.account), { active: active === 'true' });
      });
    },
  },
];
