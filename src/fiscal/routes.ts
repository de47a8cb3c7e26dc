// HTTP of fiscal years and periods.
import { Type, ADDITION, InfoMessage, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { FiscalYear, FiscalYears, NewFiscalYear } from './schemas.ts';
import type { FiscalService } from './service.ts';

const RIGHT = 'accounting.fiscalPeriods' as const;
const TAGS = ['Ledger'];
const YearParam = Type.Object({ fiscalYearId: PathId('Fiscal year id (int32).') });
const PeriodParams = Type.Object({
  fiscalYearId: PathId('Fiscal year id (int32).'),
  periodId: PathId('Fiscal period id (int32).'),
});

export function fiscalRoutes(fiscal: FiscalService): RouteDef[] {
  const periodAction = (action: 'close' | 'open') =>
    route({
      method: 'PUT',
      path: `/fiscalyears/:fiscalYearId/periods/:periodId/${action}`,
      right: edit(RIGHT),
      tags: TAGS,
      summary: action === 'close' ? 'Close a fiscal period' : 'Reopen a fiscal period',
      description:
        action === 'close'
          ? 'Nothing can be posted into a closed period (CLOSED_FISCAL_PERIOD). Refused while unfinished receipts are dated in it (FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS).'
          : 'Refused when the fiscal year is closed (FISCAL_YEAR_CLOSED).',
      schema: { ...ADDITION, params: PeriodParams, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => {
        const yearId = parseId(params.fiscalYearId, 'Fiscal period');
        const periodId = parseId(params.periodId, 'Fiscal period');
        return action === 'close'
          ? fiscal.closePeriod(auth.companyId, yearId, periodId)
          : fiscal.openPeriod(auth.companyId, yearId, periodId);
      },
    });
  return [
    route({
      method: 'GET',
      path: '/fiscalyears',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Fiscal years and their monthly periods',
      schema: { response: { 200: FiscalYears } },
      handler: ({ auth }) => fiscal.list(auth.companyId),
    }),
    route({
      method: 'POST',
      path: '/fiscalyears',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Add a fiscal year',
      description: 'Right after the last year or right before the first; monthly periods are created with it.',
      schema: { ...ADDITION, body: NewFiscalYear, response: { 200: FiscalYear } },
      handler: ({ auth, body }) => fiscal.createYear(auth.companyId, body),
    }),
    route({
      method: 'PUT',
      path: '/fiscalyears/:fiscalYearId/close',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Close a fiscal year',
      description: 'Closes the year and every period of it. Refused while unfinished receipts are dated in it.',
      schema: { ...ADDITION, params: YearParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) => fiscal.closeYear(auth.companyId, parseId(params.fiscalYearId, 'Fiscal year')),
    }),
    periodAction('close'),
    periodAction('open'),
  ];
}
