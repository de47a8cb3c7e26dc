// GET /users, GET /users/rights and GET /sessioninfo. (PUT /users, a two-factor endpoint, is src/users/update.ts;
// it shares the User schema below.)
import { Type, Addition, Id, RefId, StringEnum, Text } from '../platform/schema.ts';
import type { SchemaOptions } from '@sinclair/typebox';
import { route, view, type RouteDef } from '../platform/route.ts';
import { RIGHTS_TREE } from '../platform/rights.ts';
import { parseId } from '../platform/batch.ts';
import type { TSchema } from '@sinclair/typebox';
import { MARK_SALARY_AS_PAID_SINCE, type UserService } from './service.ts';
import { REAL_RIGHTS } from './rights-document.ts';
import { COUNTRIES } from '../domain/countries.ts';
import { LOGIN_METHODS, PRODUCT_VERSIONS } from '../domain/real-vocabularies.ts';

export const UserSchema = Type.Object(
  {
    id: Type.Optional(Id({ description: 'Read-only.' })),
    username: Type.Optional(Type.String({ description: 'Read-only.' })),
    companyId: Type.Optional(Id({ description: 'Read-only: the company of the session.' })),
    countryCode: Type.Optional(StringEnum([...COUNTRIES], { description: 'Country, e.g. `FINLAND`.' })),
    street: Type.Optional(Text(100)),
    zip: Type.Optional(Text(20)),
    city: Type.Optional(Text(100)),
    partnerId: Type.Optional(
      RefId({ description: 'The person register entry of the user in this company; null when none.' }),
    ),
    loginMethod: Type.Optional(StringEnum([...LOGIN_METHODS], { description: 'Read-only.' })),
    firstName: Text(100),
    lastName: Text(100),
    email: Text(256),
    mobilePhone: Type.Optional(Text(50)),
    secondaryPhone: Type.Optional(Text(50)),
    socialSecurityNumber: Type.Optional(Text(20)),
  },
  { $id: 'User', title: 'User', additionalProperties: false },
);

const Level = (options: SchemaOptions = {}) =>
  StringEnum(['ALL_RIGHTS', 'VIEWING_RIGHTS', 'NO_ACCESS', 'NOT_ENABLED'], options);

/** The real areas and leaves (a level, or a boolean restriction), then Tase's own leaves as additions. */
function rightsSchema(): TSchema {
  const areas: Record<string, TSchema> = {};
  for (const [area, leaves] of Object.entries(REAL_RIGHTS)) {
    const props: Record<string, TSchema> = {};
    for (const [leaf, rule] of Object.entries(leaves)) {
      const value = rule === 'UNRESTRICTED' ? Type.Boolean() : Level();
      props[leaf] =
        area === 'payments' && leaf === 'markSalaryAsPaid'
          ? Type.Optional(Level({ description: `Since ${MARK_SALARY_AS_PAID_SINCE}.` }))
          : value;
    }
    for (const [leaf, kind] of Object.entries(RIGHTS_TREE[area as keyof typeof RIGHTS_TREE])) {
      if (leaf in props) continue;
      const value = Addition(kind === 'boolean' ? Type.Boolean() : Level());
      props[leaf] = Type.Optional(value);
    }
    areas[area] = Type.Object(props);
  }
  return Type.Object(areas);
}

const UserRightsSchema = Type.Object(
  {
    role: Type.String({
      description: 'Role of the user in the company: ADMIN, ACCOUNTANT, BOOKKEEPER, VIEWER, EMPLOYEE or NONE.',
    }),
    rights: rightsSchema(),
  },
  {
    $id: 'UserRights',
    title: 'UserRights',
    description:
      'The real rights document: each leaf is ALL_RIGHTS, VIEWING_RIGHTS, NO_ACCESS or NOT_ENABLED (work Tase does not do), or a boolean ' +
      "restriction (always false: Tase applies none). Each real leaf follows the Tase right that guards the same work; Tase's own rights, " +
      'named in 403 answers, follow the real leaves of their area. ' +
      `\`payments.markSalaryAsPaid\` is answered from version ${MARK_SALARY_AS_PAID_SINCE} on.`,
  },
);

const SessionInfo = Type.Object(
  {
    companyId: Id(),
    name: Type.String({ description: 'Name of the company.' }),
    country: StringEnum([...COUNTRIES]),
    productVersion: Type.Optional(StringEnum([...PRODUCT_VERSIONS])),
    userId: Id(),
    userName: Type.String({ description: 'Full name of the user.' }),
    companySettings: Type.Object({ invoiceDiscussionEnabled: Type.Boolean() }),
  },
  { $id: 'SessionInfo', title: 'SessionInfo' },
);

const UserProfile = Type.Object(
  { firstname: Type.String(), surname: Type.String() },
  { $id: 'UserProfile', title: 'UserProfile', additionalProperties: false },
);

export function userRoutes(users: UserService): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/users',
      right: view('user.ownInformation'),
      tags: ['Users'],
      summary: 'Get the current user',
      description: 'The user of the access token, with `companyId`: the company of the session.',
      schema: { response: { 200: UserSchema } },
      handler: ({ auth }) => users.current(auth),
    }),
    route({
      method: 'GET',
      path: '/users/rights',
      right: null,
      tags: ['Users'],
      summary: 'Get the rights of the current user',
      description:
        'The role and rights of the user in the company of the session. Every endpoint declares the right it needs; ' +
        'a request without it answers 403 naming the right.',
      schema: { response: { 200: UserRightsSchema } },
      handler: ({ auth, apiVersion }) => users.rights(auth, apiVersion),
    }),
    route({
      method: 'GET',
      path: '/users/profiles/:userId',
      right: null,
      tags: ['Users'],
      summary: 'Get the name of a user of the company',
      description:
        'Any user of the company may see the names of the others (e.g. the verifiers of an invoice). 404 for a user outside the company.',
      schema: {
        params: Type.Object({ userId: Type.String({ pattern: '^[0-9]+$', description: 'User id (int32).' }) }),
        response: { 200: UserProfile },
      },
      handler: ({ auth, params }) => users.profile(auth.companyId, parseId(params.userId, 'User')),
    }),
    route({
      method: 'GET',
      path: '/sessioninfo',
      right: null,
      tags: ['Users'],
      summary: 'Get session information',
      description: 'The company and user of the access token.',
      schema: { response: { 200: SessionInfo } },
      handler: ({ auth }) => users.sessionInfo(auth),
    }),
  ];
}
