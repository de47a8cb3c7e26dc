// HTTP of periodic VAT returns (our addition: the real interface has none).
import { Type, ADDITION, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import {
  VatCorrection,
  VatCorrectionList,
  VatCorrectionTarget,
  VatPeriodQuery,
  VatReturn,
  VatReturnCorrectionFiling,
  VatReturnFiling,
  VatReturnList,
} from './schemas.ts';
import type { VatReturnService } from './service.ts';

const TAGS = ['VAT'];

const VatReturnFileBody = {
  description:
    "The return as the Tax Administration's file of the periodic tax return of self-assessed taxes, VAT (VSRALVKV): `code:value` lines, CR LF, amounts with a decimal comma, ASCII.",
  content: {
    'text/plain': {
      schema: {
        type: 'string',
        description: '000:VSRALVKV … 301–320 (or 056:1) … 332–335 on a corrected return … 999:1',
      },
    },
  },
};
const ReceiptIdParams = Type.Object({ receiptId: PathId('The correction voucher: a receipt id (int32).') });

export function vatReturnRoutes(returns: VatReturnService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/vat/returns/preview',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'The VAT return of a period, computed now',
      description:
        "The periodic VAT return's figures from the approved ledger lines dated in the period (VAT settlement and opening receipts left out): output VAT by rate and by the status of the purchase it was self-assessed on (EU goods 4, EU services 7, construction services 2, imports 3), input VAT as the deductible tax, sales on income accounts by VAT status. A voucher that corrects a filed period counts in that period's figures, not in those of the period it is dated in. Of a filed period, this is its corrected return: `version` is the one filing the correction would make and `correctionReceiptIds` the vouchers it would take in. Not stored.",
      schema: { ...ADDITION, querystring: VatPeriodQuery, response: { 200: VatReturn } },
      handler: ({ auth, query }) => returns.preview(auth.companyId, query.periodType, query.startDate),
    }),
    route({
      method: 'GET',
      path: '/vat/returns',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'Filed VAT returns',
      description:
        'Every filed return, by period, each version of a corrected period beside the others, with its figures as filed.',
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
      method: 'GET',
      path: '/vat/returns/:vatReturnId/file',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: "A filed VAT return as the Tax Administration's file",
      description:
        "The version as filed, written in the record format filing software sends (VSRALVKV, the periodic tax return of self-assessed taxes, VAT): the company's business id (010), the period (050 K/Q/V, 052 month or quarter, 053 year), the fields 301–320 — or 056 when the period had nothing to report —, and on a corrected return its reason (332–335). Stamped with the time of filing (198), so a version always gives the same file. Needs the company's business id.",
      schema: {
        ...ADDITION,
        params: Type.Object({ vatReturnId: PathId('VAT return id (int32).') }),
        response: { 200: VatReturnFileBody as never },
      },
      handler: async ({ auth, params }, reply) => {
        const file = await returns.filingFile(auth.companyId, parseId(params.vatReturnId, 'VAT return'));
        reply.header('content-type', 'text/plain; charset=ISO-8859-1');
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        return reply.send(file.body);
      },
    }),
    route({
      method: 'POST',
      path: '/vat/returns',
      right: edit('accounting.fiscalPeriods'),
      tags: TAGS,
      summary: 'File the VAT return of a period',
      description:
        'Computes the return, books the VAT settlement — a VAT_SUMMARY receipt moving the output VAT (2930) and the input VAT (1763) to the VAT payable (2939) — and closes the fiscal periods of the VAT period (refused while unfinished receipts are dated in them). A filed period cannot be reopened (VAT_PERIOD_FILED): a correction is a new voucher in an open period, which names the period it corrects (PUT /vat/corrections/{receiptId}) and is filed in the corrected return of that period (POST /vat/returns/corrected). A period overlapping a filed one is VAT_RETURN_ALREADY_FILED.',
      schema: { ...ADDITION, body: VatReturnFiling, response: { 200: VatReturn } },
      handler: ({ auth, body }) => returns.file(auth.companyId, auth.userId, body),
    }),
    route({
      method: 'POST',
      path: '/vat/returns/corrected',
      right: edit('accounting.fiscalPeriods'),
      tags: TAGS,
      summary: 'File the corrected VAT return of a filed period',
      description:
        "The Tax Administration has an error of a filed period corrected by a corrected return of that period giving all its figures again. This files it: the period's figures as the ledger has them now, with the correction vouchers that name it (PUT /vat/corrections/{receiptId}), as the next version beside the versions filed before, with the reason of the correction. The difference of the output and input VAT from the version before is settled to the VAT payable (2939) by a VAT_SUMMARY receipt dated `settlementDate` (default: the latest correction voucher's date), in an open period; nothing of the filed period changes. Refused when the period has no filed return (VAT_RETURN_NOT_FILED), its figures are those of its latest version (VAT_RETURN_NO_DIFFERENCE), or a correction voucher of the period is not approved (VAT_CORRECTION_UNFINISHED).",
      schema: { ...ADDITION, body: VatReturnCorrectionFiling, response: { 200: VatReturn } },
      handler: ({ auth, body }) => returns.fileCorrection(auth.companyId, auth.userId, body),
    }),
    route({
      method: 'GET',
      path: '/vat/corrections',
      right: view('accounting.reports'),
      tags: TAGS,
      summary: 'Correction vouchers of filed VAT periods',
      description: 'Every voucher that names a filed VAT period it corrects, by period.',
      schema: { ...ADDITION, response: { 200: VatCorrectionList } },
      handler: ({ auth }) => returns.listCorrections(auth.companyId),
    }),
    route({
      method: 'PUT',
      path: '/vat/corrections/:receiptId',
      right: edit('accounting.fiscalPeriods'),
      tags: TAGS,
      summary: 'Name the filed VAT period a voucher corrects',
      description:
        "A voucher booked in an open period (POST /ledgerreceipts, its shape the real one) that corrects a filed VAT period names that period here: from then on its lines count in that period's corrected return and in no other return — not in the return of the period it is dated in. Until the corrected return is filed it may name another filed period, or be let go (DELETE). Refused for a period with no filed return (VAT_RETURN_NOT_FILED), a voucher dated in a filed period (VAT_CORRECTION_IN_FILED_PERIOD), a VAT settlement or opening receipt (VAT_CORRECTION_NOT_TAXABLE) and a voucher filed already (VAT_CORRECTION_FILED).",
      schema: { ...ADDITION, params: ReceiptIdParams, body: VatCorrectionTarget, response: { 200: VatCorrection } },
      handler: ({ auth, params, body }) =>
        returns.putCorrection(auth.companyId, auth.userId, parseId(params.receiptId, 'Receipt'), body),
    }),
    route({
      method: 'DELETE',
      path: '/vat/corrections/:receiptId',
      right: edit('accounting.fiscalPeriods'),
      tags: TAGS,
      summary: 'Let a voucher go as a correction',
      description:
        'Before its corrected return is filed: the voucher counts in the return of the period it is dated in again. A filed correction stays (VAT_CORRECTION_FILED).',
      schema: { ...ADDITION, params: ReceiptIdParams, response: { 204: Type.Null({ description: 'Let go.' }) } },
      handler: async ({ auth, params }, reply) => {
        await returns.deleteCorrection(auth.companyId, parseId(params.receiptId, 'Receipt'));
        return reply.code(204).send();
      },
    }),
  ];
}
