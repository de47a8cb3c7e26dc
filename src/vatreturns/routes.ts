// HTTP of periodic VAT returns (our addition: the real interface has none).
import { Type, ADDITION, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { VatPeriodQuery, VatReturn, VatReturnFiling, VatReturnList } from './schemas.ts';
import type { VatReturnService } from './service.ts';

const TAGS = ['VAT'];

export function vatReturnRoutes(returns: VatReturnService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/vat/returns/preview',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'The VAT return of a period, computed now',
      description:
        "The periodic VAT return's figures from the approved ledger lines dated in the period (VAT settlement and opening receipts left out): output VAT by rate and by the status of the purchase it was self-assessed on (EU goods 4, EU services 7, construction services 2, imports 3), input VAT as the deductible tax, sales on income accounts by VAT status. Not stored.",
      schema: { ...ADDITION, querystring: VatPeriodQuery, response: { 200: VatReturn } },
      handler: ({ auth, query }) => returns.preview(auth.companyId, query.periodType, query.startDate),
    }),
    route({
      method: 'GET',
      path: '/vat/returns',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'Filed VAT returns',
      description: 'Every filed return, by period, with its figures as filed.',
      schema: { ...ADDITION, response: { 200: VatReturnList } },
      handler: ({ auth }) => returns.list(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/vat/returns/:vatReturnId',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'One filed VAT return',
      schema: {
        ...ADDITION,
        params: Type.Object({ vatReturnId: PathId('VAT return id (int32).') }),
        response: { 200: VatReturn },
      },
      handler: ({ auth, params }) => returns.get(auth.companyId, parseId(params.vatReturnId, 'VAT return')),
    }),
    route({
      method: 'POST',
      path: '/vat/returns',
      right: edit('accounting.fiscalPeriods'),
      tags: TAGS,
      summary: 'File the VAT return of a period',
      description:
        'Computes the return, books the VAT settlement — a VAT_SUMMARY receipt moving the output VAT (2930) and the input VAT (1763) to the VAT payable (2939) — and closes the fiscal periods of the VAT period (refused while unfinished receipts are dated in them). A filed period cannot be reopened (VAT_PERIOD_FILED): a correction is a new voucher in an open period. A period overlapping a filed one is VAT_RETURN_ALREADY_FILED.',
      schema: { ...ADDITION, body: VatReturnFiling, response: { 200: VatReturn } },
      handler: ({ auth, body }) => returns.file(auth.companyId, auth.userId, body),
    }),
  ];
}
