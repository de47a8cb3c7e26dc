// HTTP of the company's bank accounts.
import { Type, PagingQuery, StringEnum, PathId } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { parseId } from '../platform/batch.ts';
import { pageRequest } from '../platform/paging.ts';
import { CompanyBankAccount, BankAccountSearchResult } from './schemas.ts';
import type { BankAccountService } from './service.ts';

const INFO = 'management.companyInfo' as const;
const TAGS = ['Bank accounts'];
const IdParam = Type.Object({ bankAccountId: PathId('Bank account id (int32).') });

export function bankAccountRoutes(accounts: BankAccountService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/bankaccounts',
      right: view(INFO),
      tags: TAGS,
      summary: 'List the bank accounts of the company',
      description: 'Ordered by id, or by `orderNo` when `orderByOrderNo` is given (then by id).',
      schema: {
        querystring: Type.Object({ ...PagingQuery, orderByOrderNo: Type.Optional(StringEnum(['ASC', 'DESC'])) }),
        response: { 200: BankAccountSearchResult },
      },
      handler: ({ auth, query }) => accounts.list(auth.companyId, pageRequest(query), query.orderByOrderNo),
    }),
    route({
      method: 'POST',
      path: '/bankaccounts',
      right: edit(INFO),
      tags: TAGS,
      summary: 'Add a bank account',
      description:
        'IBAN and BIC are validated; the BIC must be of the IBAN country. An account on an old-style bank connection ' +
        '(`bankConnection: OLD_CONNECTION`) that sets a payment flag to true answers 400.',
      schema: { body: CompanyBankAccount, response: { 200: CompanyBankAccount } },
      handler: ({ auth, body }) => accounts.create(auth.companyId, body),
    }),
    route({
      method: 'GET',
      path: '/bankaccounts/:bankAccountId',
      right: view(INFO),
      tags: TAGS,
      summary: 'Get a bank account',
      schema: { params: IdParam, response: { 200: CompanyBankAccount } },
      handler: ({ auth, params }) => accounts.get(auth.companyId, parseId(params.bankAccountId, 'Bank account')),
    }),
    route({
      method: 'PUT',
      path: '/bankaccounts/:bankAccountId',
      version: 'required',
      right: edit(INFO),
      tags: TAGS,
      summary: 'Replace a bank account',
      description:
        'IBAN and currency cannot change. Payment flags on an old-style bank connection answer 400. The current `version` is required ' +
        '(400 VERSION_REQUIRED without it); a stale one is refused.',
      schema: { params: IdParam, body: CompanyBankAccount, response: { 200: CompanyBankAccount } },
      keepsAdditions: ({ auth, params }) => accounts.get(auth.companyId, parseId(params.bankAccountId, 'Bank account')),
      handler: ({ auth, params, body }) =>
        accounts.replace(auth.companyId, parseId(params.bankAccountId, 'Bank account'), body),
    }),
  ];
}
