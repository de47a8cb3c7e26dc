// `tase admin period|fiscal-year …`: fiscal periods and years, with the same rules as their endpoints.
import { AdminError, asAdmin, int, required, type AdminCommand } from '../platform/admin-commands.ts';
import type { FiscalService } from './service.ts';

function date(value: unknown): string {
  const day = required('date', value as string | undefined);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new AdminError('--date takes YYYY-MM-DD');
  return day;
}

const onDate = { 'company-id': { type: 'string' }, date: { type: 'string' } } as const;

export const fiscalAdminCommands: readonly AdminCommand<FiscalService>[] = [
  ...(['close', 'open'] as const).map((verb): AdminCommand<FiscalService> => ({
    command: `period ${verb}`,
    usage:
      verb === 'close'
        ? 'period close|open --company-id N --date YYYY-MM-DD   close or reopen the fiscal period holding the date'
        : '',
    options: onDate,
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(async () => {
        const { fiscalYearId, periodId } = await service.periodOn(companyId, date(values.date));
        return verb === 'close'
          ? service.closePeriod(companyId, fiscalYearId, periodId)
          : service.openPeriod(companyId, fiscalYearId, periodId);
      });
    },
  })),
  {
    command: 'fiscal-year create',
    usage: 'fiscal-year create --company-id N --start-date D --end-date D',
    options: { 'company-id': { type: 'string' }, 'start-date': { type: 'string' }, 'end-date': { type: 'string' } },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(() =>
        service.createYear(companyId, {
          startDate: required('start-date', values['start-date']),
          endDate: required('end-date', values['end-date']),
        }),
      );
    },
  },
  {
    command: 'fiscal-year close',
    usage: `fiscal-year close --company-id N --date D             close the fiscal year holding the date (books the
                                                              opening balances of the next year)`,
    options: onDate,
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(async () =>
        service.closeYear(companyId, (await service.periodOn(companyId, date(values.date))).fiscalYearId),
      );
    },
  },
  {
    command: 'fiscal-year reopen',
    usage: 'fiscal-year reopen --company-id N --date D            reopen the closed fiscal year holding the date',
    options: onDate,
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      return asAdmin(async () =>
        service.reopenYear(companyId, (await service.periodOn(companyId, date(values.date))).fiscalYearId),
      );
    },
  },
];
