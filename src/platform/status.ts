import { sql } from 'kysely';
import { Type, Addition, StringEnum } from './schema.ts';
import { route, type RouteDef } from './route.ts';
import type { AppContext } from './context.ts';
import { LATEST_VERSION } from './versions.ts';
import servicePackage from '../../package.json' with { type: 'json' };

const StatusBody = Type.Object(
  {
    name: Type.String(),
    version: Type.String({ description: 'API version serving the request.' }),
    status: StringEnum(['OK', 'DEGRADED', 'FAILING']),
    procountorVersion: Type.String({
      description: 'Release of the software serving the request (Tase itself, as the real service names its own).',
    }),
    mode: Addition(StringEnum(['sandbox', 'production'])),
  },
  { title: 'Status' },
);

async function serviceStatus(ctx: AppContext, version: string) {
  let status: 'OK' | 'FAILING' = 'OK';
  try {
    await sql`select 1 as ok`.execute(ctx.db);
  } catch {
    status = 'FAILING';
  }
  return { name: 'Tase', version, status, procountorVersion: servicePackage.version, mode: ctx.config.mode };
}

export function statusRoutes(ctx: AppContext): RouteDef[] {
  return [
    route({
      method: 'GET',
      path: '/status',
      auth: 'none',
      right: null,
      tags: ['Service'],
      summary: 'Health check',
      description: 'No token needed. `FAILING` when the database does not answer.',
      schema: { response: { 200: StatusBody } },
      handler: ({ apiVersion }) => serviceStatus(ctx, apiVersion ?? LATEST_VERSION),
    }),
  ];
}
