// HTTP of the chart of accounts.
import { Type, Addition, ADDITION } from '../platform/schema.ts';
import { route, view, edit, type RouteDef } from '../platform/route.ts';
import { LedgerAccount, LedgerAccounts, LedgerAccountPatch } from './schemas.ts';
import type { AccountService } from './service.ts';

const RIGHT = 'accounting.chartOfAccounts' as const;
const TAGS = ['Ledger'];
const CodeParam = Type.Object({
  ledgerAccountCode: Type.String({ pattern: '^[0-9A-Za-z]{1,10}$', description: 'Account number.' }),
});

export function accountRoutes(accounts: AccountService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/coa',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'Chart of accounts',
      description:
        'Every account of the company ordered by number, with its default VAT. `active` filters active or inactive accounts.',
      schema: {
        querystring: Type.Object({ active: Type.Optional(Addition(Type.Boolean())) }),
        response: { 200: LedgerAccounts },
      },
      handler: ({ auth, query }) => accounts.list(auth.companyId, { active: query.active }),
    }),
    route({
      method: 'GET',
      path: '/coa/:ledgerAccountCode',
      right: view(RIGHT),
      tags: TAGS,
      summary: 'One ledger account',
      schema: { ...ADDITION, params: CodeParam, response: { 200: LedgerAccount } },
      handler: ({ auth, params }) => accounts.get(auth.companyId, params.ledgerAccountCode),
    }),
    route({
      method: 'PATCH',
      path: '/coa/:ledgerAccountCode',
      version: 'optional',
      right: edit(RIGHT),
      tags: TAGS,
      summary: 'Activate, deactivate, rename or translate a ledger account',
      description:
        'An inactive account keeps its history but cannot be posted to (ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE).',
      schema: { ...ADDITION, params: CodeParam, body: LedgerAccountPatch, response: { 200: LedgerAccount } },
      handler: ({ auth, params, body }) => accounts.update(auth.companyId, params.ledgerAccountCode, body, auth.userId),
    }),
  ];
}
