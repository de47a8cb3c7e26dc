// A benchmark's service: the app on a free port over the given database, in sandbox mode without a rate limit,
// with the demo company and a token of its OAuth client.
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import type { Clock } from '../src/platform/clock.ts';
import { seedDemo } from '../src/company/demo.ts';
import type { openDatabase } from '../src/db/index.ts';

export async function benchService(url: string, clock: Clock, database: ReturnType<typeof openDatabase>) {
  const config = {
    ...configFromEnv({ TASE_MODE: 'sandbox', TASE_RATE_LIMIT: '0' }),
    databaseUrl: url,
    port: 0,
    logLevel: 'silent' as const,
  };
  const app = await buildApp({ config, clock, database });
  const demo = await seedDemo(app.ctx);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const root = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  const tokenAnswer = await fetch(`${root}/api/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
      api_key: demo.apiKey,
    }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return { app, demo, root, headers };
}
