// The chart of accounts over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { ManualClock } from '../src/platform/clock.ts';
import { CHARTS } from '../src/accounts/chart.ts';
import { allowedAccountTypes } from '../src/domain/financial-statements.ts';
import { allMigrations } from '../src/modules.ts';
import { runMigrations } from '../src/db/migration-runner.ts';
import { freshDatabase } from './support/database.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

const run = promisify(execFile);
let svc: TestService;
interface Account {
  ledgerAccountCode: string;
  name: string;
  type: string;
  translations?: { languageCode: string; translation: string }[];
}
const clock = new ManualClock('2026-02-01T09:00:00Z');

beforeAll(async () => {
  svc = await startService({ clock });
});
afterAll(() => svc.close());

describe('GET /coa', () => {
  it('gives every new company the standard Finnish chart with VAT defaults valid on its creation day', async () => {
    const answer = await svc.api('GET', '/coa');
    expect(answer.status).toBe(200);
    const accounts = answer.body.ledgerAccounts;
    const byCode = new Map(accounts.map((a: { ledgerAccountCode: string }) => [a.ledgerAccountCode, a]));
    for (const code of ['1700', '1763', '1910', '2871', '2921', '2930', '2939', '3000', '4000', '5010', '6130', '7000'])
      expect(byCode.has(code)).toBe(true);
    expect(byCode.get('3000')).toMatchObject({
      name: 'Myynti',
      type: 'INCOME',
      active: true,
      vatPercent: 25.5,
      vatStatus: 1,
    });
    expect(byCode.get('3350')).toMatchObject({ type: 'INCOME', vatPercent: 0, vatStatus: 5 });
    expect(byCode.get('1910')).toMatchObject({ name: 'Pankkitili 1', type: 'ASSET', active: true });
    expect(byCode.get('1910')).not.toHaveProperty('vatPercent');
    expect(byCode.get('2939')).toMatchObject({ type: 'LIABILITY' });
    const codes = accounts.map((a: { ledgerAccountCode: string }) => a.ledgerAccountCode);
    expect(codes).toEqual([...codes].sort());
    expect(answer.text).toContain('"vatPercent":25.5');
  });

  it('is the whole Liikekirjuri chart of a limited company, 1020–9990, in Finnish and Swedish', async () => {
    const accounts: Account[] = (await svc.api('GET', '/coa')).body.ledgerAccounts;
    expect(accounts).toHaveLength(1055);
    const byCode = new Map(accounts.map((a) => [a.ledgerAccountCode, a]));
    const sv = (code: string) => byCode.get(code)!.translations?.find((t) => t.languageCode === 'sv')?.translation;
    expect(accounts[0].ledgerAccountCode).toBe('1020');
    expect(accounts.at(-1)!.ledgerAccountCode).toBe('9990');
    // numbers and names as the source has them (the first chart had 2600 and 7000 wrong)
    const spot: [string, string, string, string][] = [
      ['1700', 'Myyntisaamiset', 'Kundfordringar', 'ASSET'],
      ['1763', 'Arvonlisäverosaamiset', 'Mervärdesskattefordringar', 'ASSET'],
      ['1910', 'Pankkitili 1', 'Bankkonto 1', 'ASSET'],
      ['2000', 'Osakepääoma', 'Aktiekapital', 'EQUITY'],
      ['2250', 'Edellisten tilikausien voitto/tappio', 'Vinst/förlust från tidigare räkenskapsperioder', 'EQUITY'],
      ['2370', 'Tilikauden tulos', 'Räkenskapsperiodens resultat', 'EQUITY'],
      ['2600', 'Pääomalainat', 'Kapitallån', 'LIABILITY'],
      ['2871', 'Ostovelat', 'Leverantörsskulder', 'LIABILITY'],
      ['2939', 'Arvonlisäverovelka', 'Mervärdesskatteskuld', 'LIABILITY'],
      ['3000', 'Myynti', 'Försäljning', 'INCOME'],
      ['5010', 'Kuukausipalkat', 'Månadslöner', 'EXPENSE'],
      ['6130', 'TyEL-maksut', 'ArPL-avgifter', 'EXPENSE'],
      ['7000', 'Henkilökunnan koulutus', 'Personalutbildning', 'EXPENSE'],
      ['7230', 'Toimitilavuokrat', 'Hyror för verksamhetslokaler', 'EXPENSE'],
      ['8380', 'Taloushallintopalvelut', 'Ekonomiförvaltningstjänster', 'EXPENSE'],
      ['9170', 'Korkotuotot myyntisaamisista', 'Ränteintäkter av kundfordringar', 'INCOME'],
      ['9460', 'Korkokulut rahoituslaitoslainoista', 'Räntekostnader för lån från finansiella institut', 'EXPENSE'],
      ['9900', 'Ennakkoverot', 'Förskottsskatter', 'EXPENSE'],
    ];
    for (const [code, name, swedish, type] of spot) {
      expect(byCode.get(code), code).toMatchObject({ name, type, active: true });
      expect(sv(code), code).toBe(swedish);
    }
    // interest and income tax can be booked: 8xxx and 9xxx are there
    expect(accounts.filter((a) => a.ledgerAccountCode >= '8000' && a.ledgerAccountCode < '9000')).toHaveLength(87);
    expect(accounts.filter((a) => a.ledgerAccountCode >= '9000')).toHaveLength(90);
    expect((await svc.api('GET', '/company')).body.accountingCoaLanguages).toEqual(['fi', 'sv']);
  });

  it('gives a sole trader the smaller chart, without share capital, group and partners accounts', async () => {
    const trader = await otherCompany(svc, 'Toiminimi Virtanen', 'SOLE_TRADER');
    const answer = await svc.request('GET', '/api/coa', { headers: { authorization: `Bearer ${trader.token}` } });
    const accounts: Account[] = answer.body.ledgerAccounts;
    expect(accounts).toHaveLength(867);
    const codes = new Set(accounts.map((a) => a.ledgerAccountCode));
    for (const code of ['2000', '2051', '1401', '2291', '2351', '9000', '9990'])
      expect(codes.has(code), code).toBe(false);
    for (const code of ['2200', '2250', '2365', '2370', '1910', '3000', '9460', '9900'])
      expect(codes.has(code), code).toBe(true);
    expect(accounts.find((a) => a.ledgerAccountCode === '2365')).toMatchObject({ name: 'Yksityisnostot rahana' });
    await expect(svc.admin.createCompany({ name: 'Bad form', businessForm: 'TRUST' })).rejects.toThrow(/business form/);
  });

  it('filters active and inactive accounts', async () => {
    expect((await svc.api('GET', '/coa?active=false')).body.ledgerAccounts).toEqual([]);
    const all = (await svc.api('GET', '/coa')).body.ledgerAccounts.length;
    expect((await svc.api('GET', '/coa?active=true')).body.ledgerAccounts).toHaveLength(all);
  });
});

describe('PATCH /coa/{code}', () => {
  it('deactivates and reactivates an account; an inactive one cannot be posted to', async () => {
    const account = (await svc.api('GET', '/coa/4450')).body;
    expect(account).toMatchObject({ ledgerAccountCode: '4450', active: true });
    const off = await svc.api('PATCH', '/coa/4450', { active: false, version: account.version });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(
      (await svc.api('GET', '/coa?active=false')).body.ledgerAccounts.map(
        (a: { ledgerAccountCode: string }) => a.ledgerAccountCode,
      ),
    ).toEqual(['4450']);
    const post = await svc.api('POST', '/ledgerreceipts', {
      type: 'JOURNAL',
      name: 'Subcontracting',
      receiptDate: '2026-02-01',
      vatType: 'PURCHASE',
      vatStatus: 1,
      transactions: [
        { transactionType: 'ENTRY', account: '4450', accountingValue: 10, vatPercent: 0 },
        { transactionType: 'ENTRY', account: '1910', accountingValue: -10, vatPercent: 0 },
      ],
    });
    expect(post.status).toBe(400);
    expect(post.body.errors).toEqual([
      expect.objectContaining({
        message: 'ERROR_LEDGERACCOUNT_NOT_EXIST_OR_INACTIVE',
        field: 'transactions[0].account',
      }),
    ]);
    // a stale version is refused
    const stale = await svc.api('PATCH', '/coa/4450', { active: true, version: account.version });
    expect(stale.status).toBe(400);
    expect(stale.body.errors[0].field).toBe('version');
    const on = await svc.api('PATCH', '/coa/4450', { active: true, name: 'Alihankinnat, kotimaa' });
    expect(on.body).toMatchObject({ active: true, name: 'Alihankinnat, kotimaa' });
  });

  it('keeps translations of the account name; the company lists the chart languages', async () => {
    const translations = [
      { languageCode: 'sv', translation: 'Bankkonto' },
      { languageCode: 'en', translation: 'Bank account' },
    ];
    const set = await svc.api('PATCH', '/coa/1910', { translations });
    expect(set.status, set.text).toBe(200);
    expect(set.body.translations).toEqual(translations);
    expect(
      (await svc.api('GET', '/coa')).body.ledgerAccounts.find(
        (a: { ledgerAccountCode: string }) => a.ledgerAccountCode === '1910',
      ).translations,
    ).toEqual(translations);
    expect((await svc.api('GET', '/company')).body.accountingCoaLanguages).toEqual(['fi', 'en', 'sv']);
    // a rename keeps them; one per language; [] removes them
    expect((await svc.api('PATCH', '/coa/1910', { name: 'Pankkitili 1' })).body.translations).toEqual(translations);
    expect((await svc.api('PATCH', '/coa/1910', { translations: [translations[0], translations[0]] })).status).toBe(
      400,
    );
    expect((await svc.api('PATCH', '/coa/1910', { translations: [] })).body.translations).toBeUndefined();
    // the other accounts keep their Swedish names
    expect((await svc.api('GET', '/company')).body.accountingCoaLanguages).toEqual(['fi', 'sv']);
  });

  it('answers 404 for an unknown account and 400 for an unknown field', async () => {
    expect((await svc.api('GET', '/coa/9876')).status).toBe(404);
    expect((await svc.api('PATCH', '/coa/9876', { active: false })).status).toBe(404);
    expect((await svc.api('PATCH', '/coa/1910', { type: 'EXPENSE' })).status).toBe(400);
  });

  it('needs the chart of accounts right to change an account', async () => {
    const user = await svc.admin.createUser({
      username: 'coaviewer',
      password: 'Viewer-pass-1',
      firstName: 'V',
      lastName: 'V',
      email: 'cv@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await svc.request('GET', '/api/coa', { token })).status).toBe(200);
    expect((await svc.request('PATCH', '/api/coa/1910', { token, body: { active: false } })).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it('each company has its own chart; a change in one does not reach the other', async () => {
    const other = await otherCompany(svc);
    const as = (method: string, path: string, body?: unknown) =>
      svc.request(method, `/api${path}`, { token: other.token, body });
    expect((await as('PATCH', '/coa/7900', { active: false })).status).toBe(200);
    expect((await svc.api('GET', '/coa/7900')).body.active).toBe(true);
    expect(
      (await as('GET', '/coa?active=false')).body.ledgerAccounts.map(
        (a: { ledgerAccountCode: string }) => a.ledgerAccountCode,
      ),
    ).toEqual(['7900']);
    expect((await svc.api('GET', '/coa?active=false')).body.ledgerAccounts).toEqual([]);
  });
});

describe('companies set up with the first chart', () => {
  it('get the 2026 chart by migration: missing accounts, and the names, types and VAT of unrenamed ones', async () => {
    const database = await freshDatabase();
    try {
      const { db } = database;
      const all = allMigrations();
      const first = Object.keys(all)
        .sort()
        .filter((n) => n < '0310_accounts_standard_chart_2026');
      await runMigrations(db, Object.fromEntries(first.map((n) => [n, all[n]])));
      await sql`insert into companies (company_id, name, business_id, country, currency, contract_type, created_at,
        version) values (7, 'Vanha Oy', null, 'FINLAND', 'EUR', 'TESTING', '2025-01-01T00:00:00Z', 'v1')`.execute(db);
      const old = [
        ['1910', 'Pankkitili', 'ASSET', null, null],
        ['3000', 'Myynti', 'INCOME', '25.5', 1],
        ['7000', 'Toimitilavuokrat', 'EXPENSE', '25.5', 1],
        ['7600', 'Matkat', 'EXPENSE', '25.5', 1],
        ['2370', 'Tilikauden voitto (tappio)', 'EQUITY', null, null],
      ] as const;
      for (const [number, name, type, percent, status] of old)
        await sql`insert into accounts (company_id, number, name, type, active, vat_percent, vat_status, version)
          values (7, ${number}, ${name}, ${type}, ${sql.lit(true)}, ${percent}, ${status}, 'v1')`.execute(db);
      await runMigrations(db, all);
      const rows = await db
        .selectFrom('accounts')
        .select(['number', 'name', 'type', 'vat_percent', 'vat_status', 'translations'])
        .where('company_id', '=', 7)
        .orderBy('number')
        .execute();
      expect(rows).toHaveLength(1055);
      const byNumber = new Map(rows.map((r) => [r.number, r]));
      const sv = (n: string) => JSON.parse(byNumber.get(n)!.translations!)[0].translation;
      expect(byNumber.get('1910')).toMatchObject({ name: 'Pankkitili 1', type: 'ASSET', vat_percent: null });
      expect(sv('1910')).toBe('Bankkonto 1');
      // renamed to the source's meaning, and its VAT default follows
      expect(byNumber.get('7000')).toMatchObject({ name: 'Henkilökunnan koulutus', vat_percent: null });
      expect(byNumber.get('2370')).toMatchObject({ name: 'Tilikauden tulos', type: 'EQUITY' });
      // a name the company chose stays
      expect(byNumber.get('7600')).toMatchObject({ name: 'Matkat', vat_percent: '25.5' });
      // new accounts take the company's standard rate from its 3000
      expect(byNumber.get('3001')).toMatchObject({ name: 'Myynti 2', vat_percent: '25.5', vat_status: 1 });
      expect(byNumber.get('3350')).toMatchObject({ vat_percent: '0', vat_status: 5 });
      expect(byNumber.get('9460')).toMatchObject({ name: 'Korkokulut rahoituslaitoslainoista', type: 'EXPENSE' });
    } finally {
      await database.close();
    }
  });
});

describe("account types by the decree's ranges", () => {
  it('the standard charts give every four-digit account a type its range allows', () => {
    for (const chart of Object.values(CHARTS))
      for (const account of chart) expect(allowedAccountTypes(account.number), account.number).toContain(account.type);
  });
});

describe('tase admin account', () => {
  it('adds, renames (also in Swedish) and deactivates accounts; a company is created with its form', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-coa-'));
    const env = { ...process.env, DATABASE_URL: join(dir, 'tase.sqlite'), LOG_LEVEL: 'silent' };
    const tase = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, ['src/main.ts', 'admin', ...args], { env })).stdout);
    try {
      const company = await tase('company', 'create', '--name', 'Tmi Cli', '--business-form', 'SOLE_TRADER');
      const id = String(company.companyId);
      const added = await tase(
        ...['account', 'add', '--company-id', id, '--account', '3010', '--name', 'Konsultointi', '--type', 'INCOME'],
        ...['--name-sv', 'Konsultering', '--vat-percent', '25.5', '--vat-status', '1'],
      );
      expect(added).toMatchObject({
        ledgerAccountCode: '3010',
        name: 'Konsultointi',
        type: 'INCOME',
        active: true,
        vatPercent: 25.5,
        vatStatus: 1,
        translations: [{ languageCode: 'sv', translation: 'Konsultering' }],
      });
      const taken = await run(
        process.execPath,
        [
          'src/main.ts',
          'admin',
          'account',
          'add',
          '--company-id',
          id,
          '--account',
          '3010',
          '--name',
          'X',
          '--type',
          'INCOME',
        ],
        { env },
      ).catch((e: { code: number; stderr: string }) => e);
      expect((taken as { stderr: string }).stderr).toContain('LEDGER_ACCOUNT_EXISTS');
      const renamed = await tase('account', 'rename', '--company-id', id, '--account', '1910', '--name', 'Nordea');
      expect(renamed).toMatchObject({
        name: 'Nordea',
        translations: [{ languageCode: 'sv', translation: 'Bankkonto 1' }],
      });
      const swedish = await tase(
        ...['account', 'rename', '--company-id', id, '--account', '1910', '--name', 'Nordea', '--language', 'sv'],
      );
      expect(swedish.translations).toEqual([{ languageCode: 'sv', translation: 'Nordea' }]);
      const refused = async (...args: string[]) =>
        (
          (await run(process.execPath, ['src/main.ts', 'admin', ...args], { env }).catch(
            (e: { code: number; stderr: string }) => e,
          )) as { stderr: string }
        ).stderr;
      // a four-digit number's type follows the decree's ranges
      expect(
        await refused('account', 'add', '--company-id', id, '--account', '1999', '--name', 'X', '--type', 'EXPENSE'),
      ).toContain("type: ACCOUNT_TYPE_NOT_IN_RANGE: account 1999 is in the decree's range of ASSET accounts");
      expect(
        await refused('account', 'add', '--company-id', id, '--account', '2390', '--name', 'X', '--type', 'EQUITY'),
      ).toContain('range of LIABILITY accounts');
      expect(await refused('account', 'retype', '--company-id', id, '--account', '1910', '--type', 'INCOME')).toContain(
        'ACCOUNT_TYPE_NOT_IN_RANGE',
      );
      const retyped = await tase('account', 'retype', '--company-id', id, '--account', '3010', '--type', 'EXPENSE');
      expect(retyped).toMatchObject({ ledgerAccountCode: '3010', type: 'EXPENSE' });
      const own = await tase(
        ...['account', 'add', '--company-id', id, '--account', 'K1', '--name', 'Oma', '--type', 'EXPENSE'],
      );
      expect(own).toMatchObject({ ledgerAccountCode: 'K1', type: 'EXPENSE' });
      const off = await tase('account', 'set-active', '--company-id', id, '--account', '3010', '--active', 'false');
      expect(off).toMatchObject({ ledgerAccountCode: '3010', active: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
