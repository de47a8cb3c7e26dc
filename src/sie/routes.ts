// HTTP of the SIE 4 export.
import { Type, Addition, DateString } from '../platform/schema.ts';
import { route, view, type RouteDef } from '../platform/route.ts';
import type { SieService } from './service.ts';

const RIGHT = 'accounting.reports' as const;
const TAGS = ['SIE'];

const Availability = Type.Object(
  {
    lastValidEndDate: Type.Optional(
      DateString({ description: 'The latest `exportEndDate` possible: the end of the last fiscal year.' }),
    ),
    accountingPeriodStart: Type.Array(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'A date, YYYY-MM-DD (typed as plain text, as in the real interface).',
      }),
      {
        description:
          'First days of the fiscal years that can be exported, oldest first: values of `accountingPeriodStart` of GET /sie/file.',
      },
    ),
    available: Addition(Type.Boolean({ description: 'True when the company has a fiscal year to export.' })),
    accountingPeriods: Addition(
      Type.Array(
        Type.Object({
          accountingPeriodStart: DateString({ description: 'Pass as `accountingPeriodStart` of GET /sie/file.' }),
          accountingPeriodEnd: DateString(),
          closed: Type.Boolean(),
        }),
        { description: 'Fiscal years that can be exported, oldest first.' },
      ),
    ),
  },
  { title: 'SieAvailability' },
);

const SieFileBody = {
  description: 'A SIE 4 file (type 4E) in IBM code page 437 with CRLF line ends.',
  content: { 'text/plain': { schema: { type: 'string', description: 'SIE 4 records: #FLAGGA … #VER/#TRANS.' } } },
};

export function sieRoutes(sie: SieService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/sie/availability',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Fiscal years available for SIE export',
      schema: { response: { 200: Availability } },
      handler: ({ auth }) => sie.availability(auth.companyId),
    }),
    route({
      method: 'GET',
      path: '/sie/file',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'SIE 4 export of a fiscal year',
      description:
        'A SIE 4 file of the fiscal year starting on `accountingPeriodStart`, up to `exportEndDate` (default: the end of the year): ' +
        'company identification, chart of accounts (#KPTYP LIIKEKIRJURI, #KONTO, #KTYP), dimensions (#DIM, #OBJEKT), opening and closing balances of ' +
        'balance-sheet accounts (#IB, #UB), results of income-statement accounts (#RES), for the year and the one before, and every ' +
        'approved receipt as a voucher (#VER, series A, numbered as the receipts) with its lines (#TRANS). Dimension numbers are the ' +
        'dimension ids plus 19 (1–19 are reserved by the standard); objects are named by their code names. Encoded in CP437 (`#FORMAT PC8`) ' +
        'and streamed: the answer starts at once, however large the ledger.',
      schema: {
        querystring: Type.Object({
          accountingPeriodStart: DateString({
            description: 'First day of the fiscal year to export (see /sie/availability).',
          }),
          exportEndDate: Type.Optional(
            DateString({ description: 'Last day exported, within the fiscal year. Default: the end of the year.' }),
          ),
        }),
        response: { 200: SieFileBody as never },
      },
      handler: async ({ auth, query }, reply) => {
        const file = await sie.file(auth.companyId, query.accountingPeriodStart, query.exportEndDate);
        reply.header('content-type', 'text/plain; charset=IBM437');
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        return reply.send(file.body);
      },
    }),
  ];
}
