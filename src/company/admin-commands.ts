// `tase admin company|user|client|apikey …`: tenants and identities, through the admin service (admin.ts); the
// company's settings documents, invoice templates and verifier lists with the same rules as a request body.
import { AdminError, asAdmin, int, optional, required, type AdminCommand } from '../platform/admin-commands.ts';
import type { RightLeaf, RightValue, Role } from '../platform/rights.ts';
import { parseJson } from '../platform/json.ts';
import { AdminService } from './admin.ts';
import { DOCUMENTS, isDocumentName } from './documents.ts';
import type { CompanyService } from './service.ts';

function parseRights(entries: string[] | undefined): Partial<Record<RightLeaf, RightValue>> {
  const out: Record<string, RightValue> = {};
  for (const entry of entries ?? []) {
    const [leaf, value] = entry.split('=');
    if (!leaf || value === undefined) throw new AdminError(`--right takes area.leaf=VALUE, got '${entry}'`);
    out[leaf] = value === 'true' ? true : value === 'false' ? false : (value as RightValue);
  }
  return out;
}

function userIds(name: string, value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => int(name, part.trim()));
}

const optionalId = (value: unknown) => (value === undefined ? undefined : int('id', value as string));

export const companyAdminCommands: readonly AdminCommand<CompanyService>[] = [
  {
    command: 'company create',
    usage: `company create --name N [--business-id ID] [--country C] [--currency EUR] [--contract-type TESTING]
                       [--product-version FINANCIALS_PLUS]
                       [--business-form LIMITED_COMPANY|SOLE_TRADER]   the form chooses the standard chart`,
    options: {
      name: { type: 'string' },
      'business-id': { type: 'string' },
      country: { type: 'string' },
      currency: { type: 'string' },
      'contract-type': { type: 'string' },
      'product-version': { type: 'string' },
      'business-form': { type: 'string' },
    },
    run: ({ ctx, values }) =>
      new AdminService(ctx).createCompany({
        name: required('name', values.name),
        businessId: optional(values['business-id']),
        country: optional(values.country),
        currency: optional(values.currency),
        contractType: values['contract-type'] as never,
        productVersion: optional(values['product-version']),
        businessForm: optional(values['business-form']),
      }),
  },
  {
    command: 'company product-version',
    usage: 'company product-version --company-id N --product-version V   the product edition of the contract',
    options: { 'company-id': { type: 'string' }, 'product-version': { type: 'string' } },
    run: ({ ctx, values }) =>
      new AdminService(ctx).setProductVersion(
        int('company-id', values['company-id']),
        required('product-version', values['product-version']),
      ),
  },
  {
    command: 'company settings',
    usage: `company settings --company-id N --name deliveryterms|einvoiceaddresses|collectionpenal --json JSON
                                                              replace a settings document (the GET answer's shape)`,
    options: { 'company-id': { type: 'string' }, name: { type: 'string' }, json: { type: 'string' } },
    run: async ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      const document = required('name', values.name);
      if (!isDocumentName(document)) throw new AdminError(`--name takes one of ${Object.keys(DOCUMENTS).join(', ')}`);
      let json: unknown;
      try {
        json = parseJson(required('json', values.json));
      } catch (err) {
        throw err instanceof AdminError ? err : new AdminError(`--json is not valid JSON: ${(err as Error).message}`);
      }
      return asAdmin(() => service.documents.replaceDocument(companyId, document, json));
    },
  },
  {
    command: 'company invoice-template',
    usage: 'company invoice-template --company-id N --name NAME [--id N] [--default]   add or rename a template',
    options: {
      'company-id': { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      default: { type: 'boolean' },
    },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      const id = optionalId(values.id);
      const template = { id, name: required('name', values.name), isDefault: values.default === true };
      return asAdmin(() => service.documents.saveInvoiceTemplate(companyId, template));
    },
  },
  {
    command: 'company verifier-list',
    usage: 'company verifier-list --company-id N --name NAME [--id N] [--verifiers ID,..] [--acceptors ID,..]',
    options: {
      'company-id': { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      verifiers: { type: 'string' },
      acceptors: { type: 'string' },
    },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      const id = optionalId(values.id);
      const list = {
        id,
        name: required('name', values.name),
        verifiers: userIds('verifiers', optional(values.verifiers)),
        acceptors: userIds('acceptors', optional(values.acceptors)),
      };
      return asAdmin(() => service.documents.saveVerifierList(companyId, list));
    },
  },
  {
    command: 'company delete-verifier-list',
    usage: 'company delete-verifier-list --company-id N --id N',
    options: { 'company-id': { type: 'string' }, id: { type: 'string' } },
    run: ({ service, values }) => {
      const companyId = int('company-id', values['company-id']);
      const id = int('id', values.id);
      return asAdmin(() => service.documents.deleteVerifierList(companyId, id));
    },
  },
  {
    command: 'user create',
    usage: 'user create --username U --first-name F --last-name L --email E [--password P] [--api-login-only]',
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      'api-login-only': { type: 'boolean' },
    },
    run: ({ ctx, values }) =>
      new AdminService(ctx).createUser({
        username: required('username', values.username),
        password: optional(values.password),
        firstName: required('first-name', values['first-name']),
        lastName: required('last-name', values['last-name']),
        email: required('email', values.email),
        apiLoginOnly: values['api-login-only'] === true,
      }),
  },
  {
    command: 'user add-to-company',
    usage: 'user add-to-company --user-id N --company-id N [--role ADMIN] [--right area.leaf=VALUE ...]',
    options: {
      'user-id': { type: 'string' },
      'company-id': { type: 'string' },
      role: { type: 'string' },
      right: { type: 'string', multiple: true },
    },
    run: ({ ctx, values }) =>
      new AdminService(ctx).addMember(
        int('company-id', values['company-id']),
        int('user-id', values['user-id']),
        (optional(values.role) ?? 'ADMIN') as Role,
        parseRights(values.right as string[] | undefined),
      ),
  },
  {
    command: 'client create',
    usage: 'client create --name N --redirect-uri URL [--client-id ID] [--owner-company-id N]',
    options: {
      name: { type: 'string' },
      'redirect-uri': { type: 'string' },
      'client-id': { type: 'string' },
      'owner-company-id': { type: 'string' },
    },
    run: ({ ctx, values }) =>
      new AdminService(ctx).createClient({
        name: required('name', values.name),
        redirectUri: required('redirect-uri', values['redirect-uri']),
        clientId: optional(values['client-id']),
        ownerCompanyId: values['owner-company-id'] ? int('owner-company-id', values['owner-company-id']) : undefined,
      }),
  },
  {
    command: 'apikey create',
    usage: 'apikey create --company-id N --user-id N --client-id ID',
    options: { 'company-id': { type: 'string' }, 'user-id': { type: 'string' }, 'client-id': { type: 'string' } },
    run: ({ ctx, values }) =>
      new AdminService(ctx).createApiKey({
        companyId: int('company-id', values['company-id']),
        userId: int('user-id', values['user-id']),
        clientId: required('client-id', values['client-id']),
      }),
  },
  {
    command: 'apikey revoke',
    usage:
      'apikey revoke --company-id N --id N                  revoke an API key and end the sessions obtained with it',
    options: { 'company-id': { type: 'string' }, id: { type: 'string' } },
    run: ({ ctx, values }) =>
      new AdminService(ctx).revokeApiKey(int('company-id', values['company-id']), int('id', values.id)),
  },
  {
    command: 'user set-password',
    usage: 'user set-password --user-id N --password P            set a password (ends all sessions of the user)',
    options: { 'user-id': { type: 'string' }, password: { type: 'string' } },
    run: ({ ctx, values }) =>
      new AdminService(ctx).setPassword(int('user-id', values['user-id']), required('password', values.password)),
  },
  {
    command: 'user remove-from-company',
    usage: 'user remove-from-company --user-id N --company-id N   end the membership, its sessions and API keys',
    options: { 'user-id': { type: 'string' }, 'company-id': { type: 'string' } },
    run: ({ ctx, values }) =>
      new AdminService(ctx).removeMember(int('company-id', values['company-id']), int('user-id', values['user-id'])),
  },
  {
    command: 'user api-login-only',
    usage:
      "user api-login-only --user-id N (--on | --off)         the 'API login only' limitation (on ends code-flow sessions)",
    options: { 'user-id': { type: 'string' }, on: { type: 'boolean' }, off: { type: 'boolean' } },
    run: async ({ ctx, values }) => {
      if (values.on === values.off) throw new AdminError('give exactly one of --on and --off');
      return new AdminService(ctx).setApiLoginOnly(int('user-id', values['user-id']), values.on === true);
    },
  },
];
