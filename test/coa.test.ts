// The chart of accounts over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
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
    expect(byCode.get('1910')).toMatchObject({ name: 'Pankkitili', type: 'ASSET', active: true });
    expect(byCode.get('1910')).not.toHaveProperty('vatPercent');
    expect(byCode.get('2939')).toMatchObject({ type: 'LIABILITY' });
    const codes = accounts.map((a: { ledgerAccountCode: string }) => a.ledgerAccountCode);
    expect(codes).toEqual([...codes].sort());
    expect(answer.text).toContain('"vatPercent":25.5');
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
    expect((await svc.api('PATCH', '/coa/1910', { name: 'Pankkitili' })).body.translations).toEqual(translations);
    expect((await svc.api('PATCH', '/coa/1910', { translations: [translations[0], translations[0]] })).status).toBe(
      400,
    );
    expect((await svc.api('PATCH', '/coa/1910', { translations: [] })).body.translations).toBeUndefined();
    expect((await svc.api('GET', '/company')).body.accountingCoaLanguages).toEqual(['fi']);
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
