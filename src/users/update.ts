// PUT /users: the current user updates their own information. A two-factor endpoint (src/mfa): the request is
// checked at once, answered 202, and the change is written only when the user confirms it; USER_UPDATED is
// then sent to the company's webhook.
import { route, edit, type RouteDef, type TwoFactorAction } from '../platform/route.ts';
import { Violations, notFound } from '../platform/errors.ts';
import { nextVersion } from '../platform/clock.ts';
import type { Db } from '../db/index.ts';
import { identity, type UserRow } from '../auth/index.ts';
import { UserSchema } from './routes.ts';
import { userBody, type UserDetails } from './service.ts';
import { userInCompany } from './store.ts';

/** The fields PUT /users writes; read-only fields (id, username, companyId, partnerId, loginMethod) are not among them. */
interface UserUpdate {
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone?: string;
  countryCode?: string;
  street?: string;
  zip?: string;
  city?: string;
  secondaryPhone?: string;
  socialSecurityNumber?: string;
}

const WRITABLE: (keyof UserUpdate)[] = [
  'firstName',
  'lastName',
  'email',
  'mobilePhone',
  'countryCode',
  'street',
  'zip',
  'city',
  'secondaryPhone',
  'socialSecurityNumber',
];
const READ_ONLY = ['id', 'username', 'companyId', 'partnerId', 'loginMethod'] as const;
const LABELS: Record<keyof UserUpdate, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  mobilePhone: 'Mobile phone',
  countryCode: 'Country',
  street: 'Street',
  zip: 'Postal code',
  city: 'City',
  secondaryPhone: 'Secondary phone',
  socialSecurityNumber: 'Social security number',
};
const SECRET_FIELDS = new Set<keyof UserUpdate>(['socialSecurityNumber']);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function details(user: UserRow): UserDetails {
  try {
    return JSON.parse(user.details) as UserDetails;
  } catch {
    return {};
  }
}

async function applyUpdate(action: TwoFactorAction, trx: Db) {
  const update = action.payload as UserUpdate;
  const found = await userInCompany(trx, action.companyId, action.userId);
  if (!found) throw notFound('User');
  const kept = details(found.user);
  const next: UserDetails = {};
  if (kept.loginMethod) next.loginMethod = kept.loginMethod;
  for (const field of ['countryCode', 'street', 'zip', 'city', 'secondaryPhone', 'socialSecurityNumber'] as const) {
    if (update[field] !== undefined && update[field] !== '') next[field] = update[field];
  }
  await identity.updateUser(trx, action.userId, {
    first_name: update.firstName,
    last_name: update.lastName,
    email: update.email,
    mobile_phone: update.mobilePhone || null,
    details: JSON.stringify(next),
    version: nextVersion(action.now, found.user.version),
  });
  const message = 'User information updated.';
  return { result: { message }, event: { userId: action.userId, message } };
}

export function userUpdateRoutes(db: Db): RouteDef[] {
  return [
    route({
      method: 'PUT',
      path: '/users',
      right: edit('user.ownInformation'),
      tags: ['Users'],
      summary: 'Update the current user (two-factor)',
      description:
        'Overwrites the information of the user of the access token: optional fields left out are removed; read-only ' +
        'fields (`id`, `username`, `companyId`, `partnerId`, `loginMethod`) must be left out or equal the stored values. ' +
        'A two-factor endpoint: the request is checked at once and answered 202 `{transactionIdentifier, confirmationApp}`; ' +
        'the change is written when the user confirms it in the authenticator within 5 minutes (at once in sandbox mode). ' +
        'Poll `GET /mfatransactionresult/{transactionIdentifier}` (`info`) or subscribe the `USER_UPDATED` webhook. ' +
        "Needs a person's token (authorization code flow): machine-to-machine tokens get 403.",
      schema: { body: UserSchema },
      twoFactor: {
        type: 'USER_UPDATE',
        result: 'info',
        event: 'USER_UPDATED',
        async describe({ auth, body }) {
          const found = await userInCompany(db, auth.companyId, auth.userId);
          if (!found) throw notFound('User');
          const current = userBody(found.user, found.membership);
          const problems = new Violations();
          const sent: Record<string, unknown> = body;
          for (const field of READ_ONLY) {
            if (sent[field] !== undefined && sent[field] !== current[field])
              problems.add('READ_ONLY_FIELD_CHANGED', field);
          }
          if (!EMAIL.test(body.email))
            problems.add('VALIDATION_FAILED', 'email', { detail: "Value of the 'email' is not an email address." });
          for (const field of ['firstName', 'lastName'] as const)
            if (body[field].trim() === '') problems.add('REQUIRED_FIELD_MISSING', field);
          problems.throwIfAny();
          const update: Record<string, unknown> = {};
          for (const field of WRITABLE) if (sent[field] !== undefined) update[field] = sent[field];
          const changes: string[] = [];
          for (const field of WRITABLE) {
            const before = current[field] as string | undefined;
            const after = update[field] as string | undefined;
            if ((before ?? '') === (after ?? '')) continue;
            if (SECRET_FIELDS.has(field)) changes.push(`${LABELS[field]}: ${after ? 'changed' : 'removed'}`);
            else
              changes.push(
                `${LABELS[field]}: ${before ? `'${before}'` : '(none)'} → ${after ? `'${after}'` : '(removed)'}`,
              );
          }
          return {
            summary: `Update the user information of ${found.user.username}`,
            details: changes.length > 0 ? changes : ['No changes.'],
            payload: update,
          };
        },
        execute: applyUpdate,
      },
    }),
  ];
}
