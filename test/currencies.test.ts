// Currencies and exchange rates over real HTTP: the ECB euro reference rates imported by the `tase admin rates`
// command (a child process on the service's own database), the company's currencyRateSearchDensity, cross
// rates exact to the documented rounding, the latest rates, and the scheduled fetch from a local HTTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { openDatabase } from '../src/db/index.ts';
import { crossRate } from '../src/currencies/rates.ts';
import { startService, type TestService } from './support/service.ts';
import { freshDatabase, testEngine } from './support/database.ts';
import { globalTables } from '../src/modules.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tase-rates-'));
const HIST = 'test/fixtures/ecb-hist.xml';
const DAILY = 'test/fixtures/ecb-daily.xml';

let svc: TestService;
let databaseUrl: string;
const clock = new ManualClock('2026-03-10T09:00:00Z');

async function tase(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const env = { ...process.env, DATABASE_URL: databaseUrl, TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };
  return run(process.execPath, ['src/main.ts', ...args], { env }).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (err) => err as { stdout: string; stderr: string; code: number },
  );
}

beforeAll(async () => {
  // The command and the service share one database: a file on SQLite, the test's own database on PostgreSQL.
  if (testEngine === 'sqlite') {
    databaseUrl = join(dir, 'rates.sqlite');
    svc = await startService({
      clock,
      database: { ...openDatabase({ url: databaseUrl, globalTables: globalTables() }), url: databaseUrl },
    });
  } else {
    const database = await freshDatabase();
    databaseUrl = database.url;
    svc = await startService({ clock, database });
  }
}, 60_000);
afterAll(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const rate = (query: Record<string, string>) =>
  svc.api(
    'GET',
    `/currencies/exchangerate?${new URLSearchParams({ rateType: 'PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE', ...query }).toString()}`,
  );

async function setDensity(density: string): Promise<void> {
  const company = await svc.api('GET', '/company');
  const put = await svc.api('PUT', '/company', { ...company.body, currencyRateSearchDensity: density });
  expect(put.status, put.text).toBe(200);
}

describe('tase admin rates', () => {
  it('imports the historical file with a progress bar and the daily file, printing what was stored', async () => {
    const before = await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-03-09' });
    expect(before.status).toBe(404);
    const hist = await tase(['admin', 'rates', 'import', HIST]);
    expect(hist.code, hist.stderr).toBe(0);
    expect(JSON.parse(hist.stdout)).toEqual({ days: 5, rates: 30, firstDay: '2026-01-30', lastDay: '2026-03-06' });
    expect(hist.stderr).toContain('5/5 days');
    const daily = await tase(['admin', 'rates', 'import', DAILY]);
    expect(daily.code, daily.stderr).toBe(0);
    expect(JSON.parse(daily.stdout)).toEqual({ days: 1, rates: 6, firstDay: '2026-03-09', lastDay: '2026-03-09' });
    expect(daily.stderr).not.toContain('days');
    // importing again changes nothing: a stored day is overwritten by the same figures
    expect((await tase(['admin', 'rates', 'import', DAILY])).code).toBe(0);
    expect(JSON.parse((await tase(['admin', 'rates', 'status'])).stdout)).toEqual({
      days: 6,
      firstDay: '2026-01-30',
      lastDay: '2026-03-09',
      currencies: 6,
    });
    const usd = await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-03-09' });
    expect(usd.status, usd.text).toBe(200);
    expect(usd.text).toBe('{"queryDay":"2026-03-09","currency":"USD","day":"2026-03-09","rate":1.085}');
  }, 60_000);

  it('refuses a file that is not an ECB rate file, with exit code 2, storing nothing of it', async () => {
    const broken = join(dir, 'broken.xml');
    writeFileSync(
      broken,
      readFileSync(DAILY, 'utf8')
        .replace("time='2026-03-09'", "time='2026-03-10'")
        .replace("rate='161.23'", "rate='-161.23'"),
    );
    const bad = await tase(['admin', 'rates', 'import', broken]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/rate of JPY is not a positive decimal/);
    const notXml = join(dir, 'not.xml');
    writeFileSync(notXml, '<Envelope><Cube>');
    expect((await tase(['admin', 'rates', 'import', notXml])).stderr).toMatch(/not well-formed XML/);
    const unknown = join(dir, 'unknown.xml');
    writeFileSync(unknown, readFileSync(DAILY, 'utf8').replace("currency='USD'", "currency='XYZ'"));
    expect((await tase(['admin', 'rates', 'import', unknown])).stderr).toMatch(/unknown currency 'XYZ'/);
    expect((await tase(['admin', 'rates', 'import', join(dir, 'missing.xml')])).code).toBe(2);
    expect((await tase(['admin', 'rates', 'import'])).code).toBe(2);
    expect(JSON.parse((await tase(['admin', 'rates', 'status'])).stdout).lastDay).toBe('2026-03-09');
  }, 60_000);
});

describe('GET /currencies/exchangerate', () => {
  it('answers rates against the euro as published, inverse and cross rates to 10 significant digits', async () => {
    const cases: [string, string, string][] = [
      ['EUR', 'GBP', '0.8431'],
      ['USD', 'EUR', '0.9216589862'],
      ['SEK', 'USD', '0.09657750679'],
      ['USD', 'JPY', '148.5990783'],
      ['NOK', 'SEK', '0.9763187625'],
      ['SEK', 'DKK', '0.6641328052'],
      ['SEK', 'SEK', '1'],
    ];
    for (const [baseCurrency, currency, expected] of cases) {
      const answer = await rate({ baseCurrency, currency, day: '2026-03-09', rateType: 'CASH_BUYING_RATE' });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).toBe(
        `{"queryDay":"2026-03-09","currency":"${currency}","day":"2026-03-09","rate":${expected}}`,
      );
    }
    // a trailing zero of the rounded figure is not written
    expect((await rate({ baseCurrency: 'SEK', currency: 'USD', day: '2026-01-30' })).text).toContain(
      '"rate":0.0964578639}',
    );
  });

  it('rounds half away from zero, once, on the exact quotient', () => {
    expect(crossRate('4', '1.1111111114').toFixed()).toBe('0.2777777779');
    expect(crossRate('4', '1.1111111118').toFixed()).toBe('0.277777778');
    expect(crossRate('3', '1').toFixed()).toBe('0.3333333333');
    expect(crossRate('1.5', '1').toFixed()).toBe('0.6666666667');
  });

  it('every rate type answers the reference rate', async () => {
    for (const rateType of [
      'PROCOUNTOR_ACCOUNTING_EXCHANGE_RATE',
      'ACCOUNT_CURRENCY_AVERAGE_RATE',
      'ACCOUNT_CURRENCY_BUYING_RATE',
      'ACCOUNT_CURRENCY_SELLING_RATE',
      'CASH_BUYING_RATE',
      'CASH_CURRENCY_SALE_EXCHANGE_RATE',
    ]) {
      const answer = await rate({ baseCurrency: 'EUR', currency: 'SEK', day: '2026-03-06', rateType });
      expect(answer.body, rateType).toEqual({
        queryDay: '2026-03-06',
        currency: 'SEK',
        day: '2026-03-06',
        rate: 11.21,
      });
    }
  });

  it('daily density: the day or one of the 7 days before it, else 404', async () => {
    await setDensity('DAILY_EXCHANGE_RATE');
    const sunday = await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-03-08' });
    expect(sunday.body).toEqual({ queryDay: '2026-03-08', currency: 'USD', day: '2026-03-06', rate: 1.0812 });
    expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-03-04' })).body.day).toBe('2026-02-27');
    const gap = await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-02-20' });
    expect(gap.status).toBe(404);
    expect(gap.body.errors[0]).toEqual({
      status: 404,
      message: 'No exchange rate of USD against EUR for 2026-02-20: none published from 2026-02-13 to 2026-02-20.',
    });
    expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-01-29' })).status).toBe(404);
    // a currency without published rates
    expect((await rate({ baseCurrency: 'EUR', currency: 'CHF', day: '2026-03-09' })).status).toBe(404);
    expect((await rate({ baseCurrency: 'CHF', currency: 'USD', day: '2026-03-09' })).status).toBe(404);
  });

  it('month-end density: the rate at the end of the previous month', async () => {
    await setDensity('LAST_DAY_OF_THE_MONTH');
    try {
      expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-03-09' })).body).toEqual({
        queryDay: '2026-03-09',
        currency: 'USD',
        day: '2026-02-27',
        rate: 1.0765,
      });
      expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-02-15' })).body.day).toBe('2026-01-30');
      expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-01-15' })).status).toBe(404);
    } finally {
      await setDensity('DAILY_EXCHANGE_RATE');
    }
  });

  it('fixed-rate density: the latest rate on or before the day, however old', async () => {
    await setDensity('PROCOUNTOR_FIXED_RATE');
    try {
      expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-02-20' })).body).toEqual({
        queryDay: '2026-02-20',
        currency: 'USD',
        day: '2026-01-30',
        rate: 1.0702,
      });
      expect((await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-01-29' })).status).toBe(404);
    } finally {
      await setDensity('DAILY_EXCHANGE_RATE');
    }
  });

  it('refuses bad queries with a 400 error body', async () => {
    const bad: Record<string, string>[] = [
      { baseCurrency: 'EUR', currency: 'XYZ', day: '2026-03-09' },
      { baseCurrency: 'eur', currency: 'USD', day: '2026-03-09' },
      { baseCurrency: 'EUR', currency: 'USD', day: '2026-02-30' },
      { baseCurrency: 'EUR', currency: 'USD', day: 'yesterday' },
      { baseCurrency: 'EUR', currency: 'USD', day: '2026-03-09', rateType: 'MID_RATE' },
      { baseCurrency: 'EUR', day: '2026-03-09' },
    ];
    for (const query of bad) {
      const answer = await rate(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.errors[0].status).toBe(400);
    }
    const noDay = await svc.api(
      'GET',
      '/currencies/exchangerate?baseCurrency=EUR&currency=USD&rateType=CASH_BUYING_RATE',
    );
    expect(noDay.status).toBe(400);
  });
});

describe('GET /currencies/latest', () => {
  it("answers the latest day's rates against the company currency, for rateType 1–6 or none", async () => {
    for (const query of [
      '',
      '?rateType=1',
      '?rateType=2',
      '?rateType=3',
      '?rateType=4',
      '?rateType=5',
      '?rateType=6',
    ]) {
      const answer = await svc.api('GET', `/currencies/latest${query}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toEqual({ baseCurrency: 'EUR', currencyDate: '2026-03-09', rates: euroRates() });
    }
  });

  it('never answers a day after today', async () => {
    clock.set('2026-03-07T12:00:00Z');
    try {
      expect((await svc.api('GET', '/currencies/latest')).body.currencyDate).toBe('2026-03-06');
    } finally {
      clock.set('2026-03-10T09:00:00Z');
    }
  });

  it('any other rateType is a 400', async () => {
    for (const value of ['0', '7', '1.5', '-1', 'abc']) {
      const answer = await svc.api('GET', `/currencies/latest?rateType=${value}`);
      expect(answer.status, value).toBe(400);
      expect(answer.body.errors[0].status).toBe(400);
    }
    expect((await svc.api('GET', '/currencies/latest?rateType=9')).body.errors[0]).toEqual({
      status: 400,
      message: "'rateType' is not valid: 9. Allowed only: [1,2,3,4,5,6].",
      field: 'rateType',
    });
  });

  it('a Swedish company: rates against the krona, the euro among them', async () => {
    const company = await svc.admin.createCompany({ name: 'Svensk AB', country: 'SWEDEN', currency: 'SEK' });
    const user = await svc.admin.createUser({
      username: `sek${company.companyId}`,
      password: 'Svensk-pass-1',
      firstName: 'S',
      lastName: 'A',
      email: `s${company.companyId}@example.com`,
    });
    await svc.admin.addMember(company.companyId, user.userId, 'ADMIN');
    const key = await svc.admin.createApiKey({
      companyId: company.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/currencies/company', { token })).body).toEqual({ companyCurrency: 'SEK' });
    const latest = await svc.request('GET', '/api/currencies/latest', { token });
    expect(latest.status, latest.text).toBe(200);
    expect(latest.body.baseCurrency).toBe('SEK');
    expect(latest.body.currencyDate).toBe('2026-03-09');
    expect(latest.body.rates.map((r: { currencyCode: string }) => r.currencyCode)).toEqual([
      'DKK',
      'EUR',
      'GBP',
      'JPY',
      'NOK',
      'USD',
    ]);
    expect(latest.text).toContain('{"currencyCode":"EUR","currencyRate":0.08901152699}');
    expect(latest.text).toContain('{"currencyCode":"USD","currencyRate":0.09657750679}');
  });
});

describe('GET /currencies and /currencies/company', () => {
  it('lists the ISO currency codes in alphabetical order', async () => {
    const answer = await svc.api('GET', '/currencies');
    expect(answer.status).toBe(200);
    const codes: string[] = answer.body.currencies;
    expect(codes).toContain('EUR');
    expect(codes).toContain('USD');
    expect([...codes].sort()).toEqual(codes);
  });

  it("answers the company's currency", async () => {
    expect((await svc.api('GET', '/currencies/company')).body).toEqual({ companyCurrency: 'EUR' });
  });

  it('needs a token', async () => {
    for (const path of [
      '/currencies',
      '/currencies/company',
      '/currencies/latest',
      '/currencies/exchangerate?baseCurrency=EUR&currency=USD&day=2026-03-09&rateType=CASH_BUYING_RATE',
    ]) {
      expect((await svc.request('GET', `/api${path}`)).status).toBe(401);
    }
  });
});

describe('the sandbox month of rates', () => {
  it('tase seed demo stores a month of rates in the ECB format', async () => {
    const seeded = await tase(['seed', 'demo', '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);
    const status = JSON.parse((await tase(['admin', 'rates', 'status'])).stdout);
    expect(status).toMatchObject({ firstDay: '2026-01-30', lastDay: '2026-11-20' });
    expect(status.currencies).toBeGreaterThan(25);
    const usd = await rate({ baseCurrency: 'EUR', currency: 'USD', day: '2026-11-22' });
    expect(usd.status, usd.text).toBe(200);
    expect(usd.body.day).toBe('2026-11-20');
    expect(usd.body.rate).toBeGreaterThan(1);
    expect(usd.body.rate).toBeLessThan(1.3);
  }, 60_000);
});

describe('the scheduled fetch from TASE_RATES_URL', () => {
  let server: Server;
  let served = 0;
  let redirectedTo = 0;
  let fetching: TestService;

  beforeAll(async () => {
    const xml = readFileSync(DAILY, 'utf8');
    server = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: '/target' }).end();
        return;
      }
      if (request.url === '/target') {
        redirectedTo += 1;
        response.writeHead(200, { 'content-type': 'text/xml' }).end(xml);
        return;
      }
      if (request.url === '/huge') {
        // an endless answer: the fetch stops at its bound
        response.writeHead(200, { 'content-type': 'text/xml' });
        const chunk = Buffer.alloc(2 ** 20, 0x20);
        const write = () => {
          while (response.write(chunk));
          response.once('drain', write);
        };
        response.once('close', () => response.removeAllListeners('drain'));
        write();
        return;
      }
      served += 1;
      response.writeHead(200, { 'content-type': 'text/xml' }).end(xml);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    fetching = await startService({
      clock: new ManualClock('2026-03-10T09:00:00Z'),
      config: { ratesUrl: `http://127.0.0.1:${port}/eurofxref-daily.xml`, ratesIntervalSeconds: 1 },
    });
  }, 60_000);
  afterAll(async () => {
    await fetching?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('stores the served rates shortly after start and fetches again every interval', async () => {
    let latest = await fetching.api('GET', '/currencies/latest');
    for (let tries = 0; latest.body.currencyDate === undefined && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await fetching.api('GET', '/currencies/latest');
    }
    expect(latest.body).toEqual({ baseCurrency: 'EUR', currencyDate: '2026-03-09', rates: euroRates() });
    const first = served;
    for (let tries = 0; served === first && tries < 50; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(served).toBeGreaterThan(first);
  }, 30_000);

  it('follows no redirect and reads a bounded size', async () => {
    const base = fetching.app.ctx.config.ratesUrl!.replace('/eurofxref-daily.xml', '');
    await expect(fetching.app.services.currencies.fetchRates(`${base}/moved`)).rejects.toThrow(/answered 302/);
    await expect(fetching.app.services.currencies.fetchRates(`${base}/huge`)).rejects.toThrow(
      /more than 16777216 bytes/,
    );
    expect(redirectedTo).toBe(0);
  }, 30_000);
});

function euroRates() {
  return [
    { currencyCode: 'DKK', currencyRate: 7.4612 },
    { currencyCode: 'GBP', currencyRate: 0.8431 },
    { currencyCode: 'JPY', currencyRate: 161.23 },
    { currencyCode: 'NOK', currencyRate: 11.507 },
    { currencyCode: 'SEK', currencyRate: 11.2345 },
    { currencyCode: 'USD', currencyRate: 1.085 },
  ];
}
