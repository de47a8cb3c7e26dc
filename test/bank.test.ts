// Bank files in, over real HTTP: camt.053 statements and camt.054 reference-payment notifications in the Finnish
// .001.02 versions and in .001.08 are imported, listed with exact amounts, imported again without adding
// anything, and refused whole when anything in them is wrong; the `accountNumber` header picks an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'bank', name), 'utf8');
const STATEMENT_02 = fixture('camt053-fi.001.02.xml');
const NOTIFICATION_02 = fixture('camt054-fi.001.02.xml');
const STATEMENT_08 = fixture('camt053.001.08.xml');
const NOTIFICATION_08 = fixture('camt054.001.08.xml');

const account = (iban: string) => ({
  iban,
  currency: 'EUR',
  defaultForInvoice: false,
  defaultForPayment: false,
  status: 'ACTIVE',
  ledgerAccount: '1910',
  showAccountOnInvoice: false,
  allowPayments: false,
  allowForeignPayments: false,
});

const importFile = (xml: string, contentType = 'application/xml') =>
  svc.api('POST', '/bankstatements/import', undefined, { raw: xml, contentType });

beforeAll(async () => {
  svc = await startService({ clock: new ManualClock('2026-03-15T10:00:00Z') });
  for (const iban of ['FI2112345600000785', 'FI3715903000000776']) {
    const answer = await svc.api('POST', '/bankaccounts', account(iban));
    expect(answer.status, answer.text).toBe(200);
  }
});
afterAll(() => svc.close());

describe('camt.053 statements', () => {
  it('imports a Finnish camt.053.001.02 statement with every entry kept exactly', async () => {
    const answer = await importFile(STATEMENT_02);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      format: 'camt.053.001.02',
      schemaValidated: false,
      statements: { imported: 1, skipped: 0 },
      events: { imported: 5, skipped: 0 },
      // the batched credit's three payments carry creditor references: they are reference payments too
      referencePayments: { imported: 3, skipped: 0 },
    });
    const list = await svc.api('GET', '/bankstatements');
    expect(list.status, list.text).toBe(200);
    expect(list.body.meta).toMatchObject({ resultCount: 1, totalCount: 1 });
    const [statement] = list.body.results;
    expect(statement).toMatchObject({
      accountNumber: 'FI2112345600000785',
      startDate: '2026-03-10',
      endDate: '2026-03-10',
      currency: 'EUR',
      numberOfDeposits: 4,
      depositSum: 2543.77,
      numberOfWithdrawals: 1,
      withdrawalSum: 420.1,
      startBalance: 10000,
      endBalance: 12123.67,
      statementNumber: 69,
    });
    const events = statement.events;
    expect(events).toHaveLength(5);
    expect(events[0]).toEqual({
      id: expect.any(Number),
      payDate: '2026-03-10',
      valueDate: '2026-03-10',
      sum: 1250,
      accountNumber: 'FI3715903000000776',
      name: 'Asiakas Oy',
      explanationCode: 710,
      archiveCode: '20260310ARCH0001',
      message: 'Invoice 1001 thank you',
      allocated: false,
      attachments: [],
      allocationMetadataRows: [],
      endToEndReference: 'E2E-1001',
      bankTransactionCode: '710TILISIIRTO',
      transactionCount: 1,
    });
    // a batch of reference payments is one line of the statement, as the bank books it
    expect(events[1]).toMatchObject({
      sum: 300.5,
      explanationCode: 705,
      transactionCount: 3,
      message: 'VIITESIIRTOJA 3 KPL',
    });
    expect(events[2]).toMatchObject({
      sum: -420.1,
      name: 'Toimittaja Oy',
      accountNumber: 'FI7944052020036082',
      reference: 'RF9811112',
      endToEndReference: 'TASE-PAY-42',
      explanationCode: 720,
    });
    expect(events[3]).toMatchObject({
      sum: 918.27,
      valueDate: '2026-03-12',
      originalSum: 1000,
      originalCurrency: 'USD',
      name: 'Overseas Trading Inc',
    });
    expect(events[3].endToEndReference).toBeUndefined();
    expect(events[4]).toMatchObject({
      sum: 75,
      name: 'Suljettu Tili Oy',
      message: 'Payment returned (returned: AC04)',
    });
    expect(list.text).toContain('"depositSum":2543.77');
  });

  it('adds nothing when the same file comes again', async () => {
    const again = await importFile(STATEMENT_02);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ statements: { imported: 0, skipped: 1 }, events: { imported: 0, skipped: 0 } });
    const list = await svc.api('GET', '/bankstatements');
    expect(list.body.results).toHaveLength(1);
    expect(list.body.results[0].events).toHaveLength(5);
  });

  it('imports camt.053.001.08 after validating it against the schema', async () => {
    const answer = await importFile(STATEMENT_08);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ format: 'camt.053.001.08', schemaValidated: true, events: { imported: 2 } });
  });

  it('picks the account by the accountNumber header (IBAN or BBAN), and by dates', async () => {
    const byIban = await svc.api('GET', '/bankstatements', undefined, {
      headers: { accountNumber: 'FI37 1590 3000 0007 76' },
    });
    expect(byIban.body.results.map((s: { accountNumber: string }) => s.accountNumber)).toEqual(['FI3715903000000776']);
    expect(byIban.body.results[0]).toMatchObject({
      startBalance: 500,
      endBalance: 532.66,
      statementNumber: 12,
      numberOfWithdrawals: 1,
      withdrawalSum: 12.34,
    });
    expect(byIban.body.results[0].events[0]).toMatchObject({ name: 'Kuluttaja Kalle', reference: 'RF341234561' });
    const byBban = await svc.api('GET', '/bankstatements', undefined, { headers: { accountNumber: '15903000000776' } });
    expect(byBban.body.results).toHaveLength(1);
    const none = await svc.api('GET', '/bankstatements', undefined, {
      headers: { accountNumber: 'FI7944052020036082' },
    });
    expect(none.body.results).toEqual([]);
    const later = await svc.api('GET', '/bankstatements?startDate=2026-03-11');
    expect(later.body.results.map((s: { accountNumber: string }) => s.accountNumber)).toEqual(['FI3715903000000776']);
    const desc = await svc.api('GET', '/bankstatements?orderByStartDate=DESC&size=1');
    expect(desc.body.results[0].startDate).toBe('2026-03-11');
    expect(desc.body.meta).toMatchObject({ totalCount: 2, resultCount: 1 });
  });
});

describe('camt.054 reference payments', () => {
  it('imports a Finnish camt.054.001.02 notification: batched, single and reversed payments', async () => {
    const answer = await importFile(NOTIFICATION_02);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      format: 'camt.054.001.02',
      statements: { imported: 1, skipped: 0 },
      // the batch of three came with the statement already (the same archive ids VS-0001…VS-0003)
      referencePayments: { imported: 2, skipped: 3 },
      ignoredTransactions: 1,
    });
    const list = await svc.api('GET', '/referencepayments', undefined, {
      headers: { accountNumber: 'FI2112345600000785' },
    });
    expect(list.status, list.text).toBe(200);
    const payments = list.body.results;
    expect(payments.map((p: { sum: number }) => p.sum)).toEqual([100, 150.25, 50.25, 89.9, -50.25]);
    expect(payments.map((p: { bankReference: string }) => p.bankReference)).toEqual([
      '1234561',
      'RF18539007547034',
      '12345672',
      '11112',
      '12345672',
    ]);
    expect(payments[0]).toEqual({
      id: expect.any(Number),
      accountNumber: 'FI2112345600000785',
      valueDate: '2026-03-10',
      paymentDate: '2026-03-10',
      sum: 100,
      name: 'Maksaja Yksi',
      bankReference: '1234561',
      archiveId: 'VS-0001',
      allocated: false,
      attachments: [],
      allocationMetadataRows: [],
      // no open sales invoice has the reference
      matchStatus: 'UNMATCHED',
    });
    expect(payments[3]).toMatchObject({ valueDate: '2026-03-11', archiveId: '20260310VIITE02', name: 'Pieni Maksaja' });
    // notifications are no statements
    expect((await svc.api('GET', '/bankstatements')).body.meta.totalCount).toBe(2);
  });

  it('adds nothing on a second import, and imports camt.054.001.08 validated by the schema', async () => {
    const again = await importFile(NOTIFICATION_02);
    expect(again.body).toMatchObject({ statements: { skipped: 1 }, referencePayments: { imported: 0 } });
    const v08 = await importFile(NOTIFICATION_08);
    expect(v08.status, v08.text).toBe(200);
    expect(v08.body).toMatchObject({ schemaValidated: true, referencePayments: { imported: 2 } });
    // the same payments in another notification (a resend under a new id) are not added twice
    const resent = await importFile(NOTIFICATION_08.replace('NTF08-FI37-2026-03-11', 'NTF08-FI37-RESENT'));
    expect(resent.body).toMatchObject({ statements: { imported: 1 }, referencePayments: { imported: 0, skipped: 2 } });
    const list = await svc.api('GET', '/referencepayments', undefined, {
      headers: { accountNumber: 'FI3715903000000776' },
    });
    // 45.00 is the camt.053.001.08 statement's credit with a creditor reference
    expect(list.body.results.map((p: { sum: number }) => p.sum)).toEqual([45, 999.99, 0.02]);
  });

  it('filters by payment date, pages by id, and takes the account number only as a header', async () => {
    const page = await svc.api('GET', '/referencepayments?size=2&orderById=DESC');
    expect(page.body.meta).toMatchObject({ totalCount: 8, resultCount: 2 });
    const after = await svc.api('GET', `/referencepayments?previousId=${page.body.results[1].id}&orderById=DESC`);
    expect(after.body.results).toHaveLength(6);
    const dated = await svc.api('GET', '/referencepayments?startDate=2026-03-11&endDate=2026-03-11');
    // the two of the camt.054.001.08 and the statement's credit of 2026-03-11
    expect(dated.body.results).toHaveLength(3);
    const query = await svc.api('GET', '/referencepayments?accountNumber=FI3715903000000776');
    expect(query.status).toBe(400);
    expect(query.body.errors[0]).toMatchObject({ field: 'accountNumber' });
    expect(query.body.errors[0].message).toContain('ACCOUNT_NUMBER_ONLY_IN_HEADER');
  });
});

describe('refused files', () => {
  const counts = async () => ({
    statements: (await svc.api('GET', '/bankstatements')).body.meta.totalCount,
    payments: (await svc.api('GET', '/referencepayments')).body.meta.totalCount,
  });
  const renamed = (xml: string, id: string) => xml.replace('FI2112345600000785-2026-03-10', id);

  it('refuses a file with an error anywhere and imports nothing of it', async () => {
    const before = await counts();
    const cases: [string, string, RegExp][] = [
      ['bad amount', renamed(STATEMENT_02, 'S-A').replace('918.27</Amt>', '918,27</Amt>'), /line \d+: .*918,27/],
      ['cents beyond two', renamed(STATEMENT_02, 'S-B').replace('>75.00<', '>75.001<'), /more than 2 decimals/],
      ['no status', renamed(STATEMENT_02, 'S-C').replace('<Sts>BOOK</Sts>', ''), /Ntry 1 has no Sts/],
      ['bad date', renamed(STATEMENT_02, 'S-D').replace('<Dt>2026-03-12</Dt>', '<Dt>2026-02-30</Dt>'), /not a date/],
      ['unknown account', STATEMENT_02.replaceAll('FI2112345600000785', 'FI7944052020036082'), /not a bank account/],
      [
        'foreign currency',
        renamed(STATEMENT_02, 'S-E').replace('Amt Ccy="EUR">1250.00', 'Amt Ccy="SEK">1250.00'),
        /SEK/,
      ],
      ['truncated', renamed(STATEMENT_02, 'S-F').slice(0, 3000), /line \d+/],
      ['not XML', 'hello', /./],
      ['other XML', '<Document xmlns="urn:other"/>', /not a camt/],
      [
        'DOCTYPE',
        `<!DOCTYPE x [<!ENTITY a "b">]>${renamed(STATEMENT_02, 'S-G').replace(/^<\?xml[^>]*>/, '')}`,
        /DOCTYPE/,
      ],
      [
        'schema (.001.08)',
        STATEMENT_08.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DEBIT</CdtDbtInd>'),
        /schema: line \d+/,
      ],
    ];
    for (const [name, xml, message] of cases) {
      const answer = await importFile(xml);
      expect(answer.status, `${name}: ${answer.text}`).toBe(400);
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0].message, name).toMatch(/^BANK_FILE_INVALID: nothing was imported: /);
      expect(answer.body.errors[0].message, name).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('rolls back the statements read before the error (one transaction)', async () => {
    const before = await counts();
    const statement = STATEMENT_02.slice(STATEMENT_02.indexOf('<Stmt>'), STATEMENT_02.indexOf('</Stmt>') + 7);
    const good = statement.replace('FI2112345600000785-2026-03-10', 'S-GOOD');
    const bad = statement.replace('FI2112345600000785-2026-03-10', 'S-BAD').replace('>1250.00<', '>x<');
    const xml = STATEMENT_02.replace(statement, `${good}${bad}`);
    const answer = await importFile(xml);
    expect(answer.status, answer.text).toBe(400);
    expect(await counts()).toEqual(before);
    const fine = await importFile(STATEMENT_02.replace(statement, `${good}`));
    expect(fine.body).toMatchObject({ statements: { imported: 1 }, events: { imported: 0, skipped: 5 } });
  });

  it('takes the file only as XML', async () => {
    const json = await importFile(JSON.stringify(STATEMENT_02), 'application/json');
    expect(json.status).toBe(415);
    const xmlElsewhere = await svc.api('POST', '/products', undefined, { raw: '<x/>', contentType: 'application/xml' });
    expect(xmlElsewhere.status).toBe(415);
    expect(xmlElsewhere.body.errors[0].status).toBe(415);
  });
});

describe('tase admin bank import', () => {
  it('imports a file from the command line with a progress bar', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-bank-'));
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: join(dir, 'cli.sqlite'), TASE_MODE: 'sandbox', LOG_LEVEL: 'silent' };
    const tase = (...args: string[]) => run(process.execPath, ['src/main.ts', ...args], { env });
    try {
      const demo = JSON.parse((await tase('seed', 'demo', '--json')).stdout);
      const file = join(dir, 'statement.xml');
      // the demo company's account
      writeFileSync(file, STATEMENT_02.replaceAll('FI2112345600000785', 'FI4950009420028730'));
      const first = await tase('admin', 'bank', 'import', file, '--company-id', String(demo.companyId));
      expect(JSON.parse(first.stdout)).toMatchObject({ statements: { imported: 1 }, events: { imported: 5 } });
      expect(first.stderr).toMatch(/bank \[.*\] 100% \| 5 entries/);
      const again = await tase('admin', 'bank', 'import', file, '--company-id', String(demo.companyId));
      expect(JSON.parse(again.stdout)).toMatchObject({ statements: { imported: 0, skipped: 1 } });
      writeFileSync(file, 'not xml');
      await expect(tase('admin', 'bank', 'import', file, '--company-id', String(demo.companyId))).rejects.toMatchObject(
        {
          stderr: expect.stringContaining('BANK_FILE_INVALID'),
        },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
