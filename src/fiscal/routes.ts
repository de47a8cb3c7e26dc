// HTTP of fiscal years and periods.
import { Type, ADDITION, InfoMessage, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { FiscalYear, FiscalYears, NewFiscalYear, TrackingPeriodChange } from './schemas.ts';
import { apiError } from '../platform/errors.ts';
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
          ? fiscal.closePeriod(auth.companyId, yearId, periodId, auth.userId)
          : fiscal.openPeriod(auth.companyId, yearId, periodId, auth.userId);
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
      description:
        'Closes the year and every period of it. Refused while unfinished receipts are dated in it ' +
        '(FISCAL_PERIOD_HAS_UNFINISHED_RECEIPTS) and for a closed year (FISCAL_YEAR_CLOSED). When the next fiscal ' +
        'year exists (else when it is added), it opens with a RECEIPT_FOR_OPENING_ACCOUNTS receipt dated its first day: ' +
        "the balance-sheet accounts' closing balances, the year's result moved to retained earnings (2250). The opening " +
        "balances are the next year's opening state, not a voucher of its first month: they are booked whatever the " +
        'state of its periods (a locked January, a filed VAT return), and every report starts its balances from them.',
      schema: { ...ADDITION, params: YearParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) =>
        fiscal.closeYear(auth.companyId, parseId(params.fiscalYearId, 'Fiscal year'), auth.userId),
    }),
    route({
      method: 'PUT',
      path: '/fiscalyears/:fiscalYearId/open',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Reopen a closed fiscal year',
      description:
        "Reopens the year and its periods (a month whose VAT return is filed stays locked) and reverses the next year's " +
        'opening balances, whatever the state of its periods. Refused while the next year is closed (409 ' +
        'FISCAL_YEAR_NEXT_CLOSED), once the next year has receipts booked after its opening balances (409 ' +
        'FISCAL_YEAR_REOPEN_REFUSED); FISCAL_YEAR_NOT_CLOSED for an open year.',
      schema: { ...ADDITION, params: YearParam, response: { 200: InfoMessage } },
      handler: ({ auth, params }) =>
        fiscal.reopenYear(auth.companyId, parseId(params.fiscalYearId, 'Fiscal year'), auth.userId),
    }),
    periodAction('close'),
    periodAction('open'),
    route({
      method: 'PUT',
      path: '/fiscalyears/:fiscalYearId/trackingPeriods/:trackingPeriodId',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Mark a tracking period pending, locked or open',
      description:
        '`status` PENDING marks an open period as being closed (postings still accepted), CLOSED locks it (refused while unfinished ' +
        'receipts are dated in it), OPEN opens a pending or locked one again. The same status again, PENDING for a locked period or ' +
        'any change in a closed fiscal year is a conflict (409 TRACKING_PERIOD_STATUS_CONFLICT). Emits TRACKING_PERIOD_STATUS_UPDATED.',
      schema: {
        params: Type.Object({
          fiscalYearId: Type.String({ pattern: '^[0-9]+$' }),
          trackingPeriodId: Type.String({ pattern: '^[0-9]+$' }),
        }),
        body: TrackingPeriodChange,
        response: { 200: InfoMessage },
      },
      handler: ({ auth, params, body, apiVersion }) => {
        const periodId = parseId(params.trackingPeriodId, 'Fiscal period');
        if (body.id !== undefined && body.id !== periodId) throw apiError('READ_ONLY_FIELD_CHANGED', 'id');
        return fiscal.markTrackingPeriod(
          auth.companyId,
          parseId(params.fiscalYearId, 'Fiscal period'),
          periodId,
          body.status,
          apiVersion,
          auth.userId,
        );
      },
    }),
  ];
}
