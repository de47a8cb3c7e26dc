// Child processes of the HTTP benchmark: `bare` is a Fastify app answering constant JSON (the ceiling);
// `tase` is the real service on a fresh database with a demo company and products. Each prints one JSON line
// describing itself on stdout once it listens.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { seedDemo } from '../src/company/demo.ts';
import { benchDatabase } from './database.ts';

const kind = process.argv[2];
/** Products of the demo company; pages after each of the first PRODUCTS - 50 are full pages of 50. */
const PRODUCTS = 1_250;

if (kind === 'bare') {
  const app = Fastify({ logger: false });
  const body = {
    id: 1,
    type: 'SALES',
    name: 'Widget',
    price: 10,
    discount: 0,
    active: true,
    currency: 'EUR',
    productGroupId: null,
    version: '2026-11-21T10:00:00.000',
  };
  app.get('/product', async () => body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
} else if (kind === 'tase') {
  // a fresh database (on PostgreSQL beside DATABASE_URL's), never the one DATABASE_URL names
  const database = await benchDatabase('http');
  const mode = process.env.BENCH_MODE === 'sandbox' ? 'sandbox' : 'production';
  const config = {
    // BENCH_MODE=production measures the service as an operator runs it: no sandbox request journal (a row written
    // for every request) and no fault rules checked per request; the rate limit is off in both
    ...configFromEnv({
      TASE_MODE: mode,
      TASE_RATE_LIMIT: '0',
      ...(mode === 'production' ? { TASE_SIGNING_SECRET: randomBytes(48).toString('base64') } : {}),
    }),
    databaseUrl: database.url,
    port: 0,
    logLevel: 'silent',
  };
  const app = await buildApp({ config });
  const demo = await seedDemo(app.ctx);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.fastify.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
    api_key: demo.apiKey,
  });
  const tokenAnswer = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
  // more products than the page cache holds pages of 50 (the uncached page scenario asks each page once per cycle)
  const ids: number[] = [];
  for (let i = 0; i < PRODUCTS; i += 10) {
    const created = await Promise.all(
      Array.from({ length: 10 }, async (_, j) => {
        const answer = await fetch(`${base}/api/products`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'SALES',
            name: `Product ${i + j}`,
            code: `P${i + j}`,
            unit: 'PIECE',
            price: 10.5,
            discount: 0,
            vat: 25.5,
            active: true,
            currency: 'EUR',
          }),
        });
        return ((await answer.json()) as { id: number }).id;
      }),
    );
    ids.push(...created);
  }
  ids.sort((a, b) => a - b);
  process.stdout.write(`${JSON.stringify({ port, token, ids, engine: app.ctx.engine })}\n`);
  const stop = async () => {
    await app.close();
    await database.remove();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
} else {
  process.stderr.write('usage: servers.ts bare|tase\n');
  process.exit(2);
}
