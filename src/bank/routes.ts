// HTTP of bank statements and reference payments, and the import of the bank's camt files.
import { Readable } from 'node:stream';
import { Type, ADDITION } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { apiError } from '../platform/errors.ts';
import { pageRequest } from '../platform/paging.ts';
import type { FastifyRequest } from 'fastify';
import {
  AccountNumberHeader,
  BankFileImportResult,
  BankStatementQuery,
  BankStatementsSearchResult,
  ReferencePaymentQuery,
  ReferencePaymentsSearchResult,
} from './schemas.ts';
import type { BankService } from './service.ts';

const RIGHT = 'payments.bankStatementAndReferencePayment' as const;
const TAGS = ['Bank statements'];

/** The `accountNumber` header (the spec accepts the account number only there). */
function accountNumberOf(request: FastifyRequest): string | undefined {
  const value = request.headers.accountnumber;
  return Array.isArray(value) ? value[0] : value;
}

const CamtFile = Type.Unsafe<Readable>({
  type: 'string',
  contentMediaType: 'application/xml',
  description: 'A camt.053 (.001.02 or .001.08) or camt.054 (.001.02 or .001.08) file, UTF-8.',
});

export function bankRoutes(bank: BankService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/bankstatements',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the bank statements',
      description:
        'Statements imported from the bank (camt.053), each with its events. Only statements whose period meets ' +
        '`startDate`–`endDate`. The account is chosen by the `accountNumber` HTTP header (IBAN or BBAN), never by a ' +
        'query parameter; without it every account of the company is listed.',
      schema: {
        querystring: BankStatementQuery,
        headers: AccountNumberHeader,
        response: { 200: BankStatementsSearchResult },
      },
      handler: ({ auth, query, raw }) =>
        bank.listStatements(auth.companyId, pageRequest(query), query, accountNumberOf(raw)),
    }),
    route({
      method: 'GET',
      path: '/referencepayments',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'List the reference payments',
      description:
        'Incoming payments with a reference number, imported from the bank (camt.054), by payment date. The account ' +
        'is chosen by the `accountNumber` HTTP header (IBAN or BBAN); as a query parameter it is refused (400 ' +
        '`ACCOUNT_NUMBER_ONLY_IN_HEADER`).',
      schema: {
        querystring: ReferencePaymentQuery,
        headers: AccountNumberHeader,
        response: { 200: ReferencePaymentsSearchResult },
      },
      handler: ({ auth, query, raw }) => {
        if (query.accountNumber !== undefined) throw apiError('ACCOUNT_NUMBER_ONLY_IN_HEADER', 'accountNumber');
        return bank.listReferencePayments(auth.companyId, pageRequest(query), query, accountNumberOf(raw));
      },
    }),
    route({
      method: 'POST',
      path: '/bankstatements/import',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Import a bank file (camt.053 or camt.054)',
      description:
        'Tase: the body is the XML file as the bank delivered it (`Content-Type: application/xml`): a camt.053 ' +
        'statement or a camt.054 notification of reference payments, version .001.02 (Finnish banks) or .001.08. ' +
        'Every account of the file must be a bank account of the company in the same currency. Files of the .001.08 ' +
        'versions up to 16 MiB are validated against the ISO 20022 schema; every file is checked as it is read. A ' +
        'file with an error is refused whole (400 `BANK_FILE_INVALID` naming the first error) and nothing is ' +
        'imported. Importing the same file again adds nothing (statements by their id, entries by the archive id).',
      schema: {
        ...ADDITION,
        consumes: ['application/xml', 'text/xml'],
        body: CamtFile,
        response: { 200: BankFileImportResult },
      },
      handler: ({ auth, body }) => {
        if (!(body instanceof Readable))
          throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, {
            contentType: 'application/json',
            expected: 'application/xml',
          });
        return bank.importFile(auth.companyId, body);
      },
    }),
  ];
}
