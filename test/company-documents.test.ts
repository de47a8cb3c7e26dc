// The settings a company's invoices use — delivery terms, e-invoice addresses, collection and penal expenses,
// invoice templates, verifier lists — and its product edition: stored per company, changed by the admin
// service (the `tase admin company …` commands, tested at the end through the command itself) and read over
// real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ManualClock } from '../src/platform/clock.ts';
import { ApiError } from '../src/platform/errors.ts';
import { AdminError } from '../src/company/index.ts';
import { otherCompany, startService, type TestService } from './support/service.ts';

let svc: TestService;
let other: { companyId: number; token: string };
const clock = new ManualClock('2026-04-14T09:00:00Z');
const documents = () => svc.app.services.company.documents;

/** The error items of a refused admin change. */
async function refusal(work: Promise<unknown>): Promise<unknown> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).items;
}

beforeAll(async () => {
  svc = await startService({ clock });
  other = await otherCompany(svc);
});
afterAll(() => svc.close());

describe('a company without settings', () => {
  it('answers empty settings, and 404 for a template or a list it does not have', async () => {
    expect((await svc.api('GET', '/company/deliveryterms')).body).toEqual({ deliveryTerms: [] });
    expect((await svc.api('GET', '/company/einvoiceaddresses')).body).toEqual({});
    expect((await svc.api('GET', '/company/expenses/collectionpenal/settings')).body).toEqual({
      useAutomaticHandling: false,
    });
    const template = await svc.api('GET', '/company/invoicetemplates');
    expect(template.status).toBe(404);
    expect(template.body.errors).toEqual([{ status: 404, message: 'Invoice template not found.' }]);
    expect((await svc.api('GET', '/company/invoicecirculation/verifierlists')).body).toEqual([]);
    expect((await svc.api('GET', '/company/invoicecirculation/verifierlists/1')).status).toBe(404);
    expect((await svc.api('GET', '/company/invoicecirculation/verifierlists/x')).status).toBe(400);
    expect((await svc.api('GET', '/company')).body.productVersion).toBeUndefined();
  });
});

describe('settings documents', () => {
  it('delivery terms and e-invoice addresses are stored per company', async () => {
    const terms = { deliveryTerms: ['EXW Ex Works', 'DAP Delivered at Place'] };
    expect(await documents().replaceDocument(svc.demo.companyId, 'deliveryterms', terms)).toEqual(terms);
    expect((await svc.api('GET', '/company/deliveryterms')).body).toEqual(terms);
    const einvoice = {
      operator: 'NDEAFIHH',
      operatorId: 12,
      sendingAddress: '003712345671',
      receivingAddress: 'FI4950009420028730',
      receivingAddressPublicInTieke: false,
      wsCustomerNumber: 'WS-1',
    };
    await documents().replaceDocument(svc.demo.companyId, 'einvoiceaddresses', einvoice);
    expect((await svc.api('GET', '/company/einvoiceaddresses')).body).toEqual(einvoice);
    // another company's settings are its own
    expect((await svc.request('GET', '/api/company/deliveryterms', { token: other.token })).body).toEqual({
      deliveryTerms: [],
    });
    expect((await svc.request('GET', '/api/company/einvoiceaddresses', { token: other.token })).body).toEqual({});

    // a document not of its shape changes nothing
    expect(
      await refusal(documents().replaceDocument(svc.demo.companyId, 'deliveryterms', { deliveryTerms: [''] })),
    ).toMatchObject([{ status: 400, field: 'deliveryTerms[0]' }]);
    expect(
      await refusal(documents().replaceDocument(svc.demo.companyId, 'einvoiceaddresses', { operater: 'x' })),
    ).toEqual([{ status: 400, message: "Unknown field 'operater'.", field: 'operater' }]);
    expect((await svc.api('GET', '/company/deliveryterms')).body).toEqual(terms);
  });

  it('collection and penal expenses name products of the register, answered as the register has them', async () => {
    const fee = (
      await svc.api('POST', '/products', {
        type: 'SALES',
        name: 'Perintäkulut',
        code: 'F1',
        unit: 'PIECE',
        price: '7.50',
        discount: 0,
        active: true,
        currency: 'EUR',
        defaultAccount: '3000',
      })
    ).body;
    const settings = {
      useAutomaticHandling: true,
      collectionCostsProduct: { productId: fee.id },
      penalInterestDateMargin: 5,
      minimumPenalInterestSum: '3.10',
      defaultSalesInvoiceInterest: '11.50',
      defaultSalesInvoicePaymentTerms: 21,
      collectionPartner: 'Perintä Oy',
    };
    await documents().replaceDocument(svc.demo.companyId, 'collectionpenal', settings);
    const answer = await svc.api('GET', '/company/expenses/collectionpenal/settings');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"minimumPenalInterestSum":3.1');
    expect(answer.body).toEqual({
      ...settings,
      collectionCostsProduct: {
        productId: fee.id,
        name: 'Perintäkulut',
        code: 'F1',
        defaultAccount: '3000',
        price: 7.5,
        currency: 'EUR',
        unit: 'PIECE',
      },
      minimumPenalInterestSum: 3.1,
      defaultSalesInvoiceInterest: 11.5,
    });

    // the product as it is now: a rename shows
    await svc.api('PUT', `/products/${fee.id}`, { ...fee, name: 'Perintäkulu' });
    expect((await svc.api('GET', '/company/expenses/collectionpenal/settings')).body.collectionCostsProduct.name).toBe(
      'Perintäkulu',
    );

    // unknown products and bad numbers are refused, all at once; nothing changes
    const items = await refusal(
      documents().replaceDocument(svc.demo.companyId, 'collectionpenal', {
        collectionCostsProduct: { productId: 999999 },
        penalExpenseProduct: { productId: 999998 },
      }),
    );
    expect(items).toEqual([
      { status: 400, message: 'PRODUCT_NOT_FOUND', field: 'collectionCostsProduct.productId' },
      { status: 400, message: 'PRODUCT_NOT_FOUND', field: 'penalExpenseProduct.productId' },
    ]);
    expect(
      await refusal(
        documents().replaceDocument(svc.demo.companyId, 'collectionpenal', { defaultSalesInvoiceInterest: '1.234' }),
      ),
    ).toMatchObject([{ status: 400, field: 'defaultSalesInvoiceInterest' }]);
    expect(
      await refusal(
        documents().replaceDocument(svc.demo.companyId, 'collectionpenal', { penalInterestDateMargin: -1 }),
      ),
    ).toMatchObject([{ status: 400, field: 'penalInterestDateMargin' }]);
    // another company's product is not one of this company's
    const theirs = (
      await svc.request('POST', '/api/products', {
        token: other.token,
        body: { type: 'SALES', name: 'Theirs', price: 1, discount: 0, active: true, currency: 'EUR' },
      })
    ).body;
    if (theirs.id !== fee.id) {
      expect(
        await refusal(
          documents().replaceDocument(svc.demo.companyId, 'collectionpenal', {
            collectionCostsProduct: { productId: theirs.id },
          }),
        ),
      ).toMatchObject([{ message: 'PRODUCT_NOT_FOUND' }]);
    }
    expect((await svc.api('GET', '/company/expenses/collectionpenal/settings')).body.penalInterestDateMargin).toBe(5);
  });
});

describe('invoice templates', () => {
  it('the first template is the default until another is made the default; templates are renamed in place', async () => {
    const standard = await documents().saveInvoiceTemplate(svc.demo.companyId, { name: 'Vakiolasku' });
    expect(standard).toEqual({ id: expect.any(Number), name: 'Vakiolasku', isDefault: true });
    const english = await documents().saveInvoiceTemplate(svc.demo.companyId, { name: 'Invoice' });
    expect(english.isDefault).toBe(false);
    expect((await svc.api('GET', '/company/invoicetemplates')).body).toEqual({ id: standard.id, name: 'Vakiolasku' });
    await documents().saveInvoiceTemplate(svc.demo.companyId, {
      id: english.id,
      name: 'Invoice (English)',
      isDefault: true,
    });
    expect((await svc.api('GET', '/company/invoicetemplates')).body).toEqual({
      id: english.id,
      name: 'Invoice (English)',
    });
    expect((await documents().invoiceTemplates(svc.demo.companyId)).map((t) => t.isDefault)).toEqual([false, true]);

    expect(await refusal(documents().saveInvoiceTemplate(svc.demo.companyId, { name: ' ' }))).toMatchObject([
      { status: 400, field: 'name' },
    ]);
    expect(
      await refusal(documents().saveInvoiceTemplate(svc.demo.companyId, { id: 999, name: 'Nothing' })),
    ).toMatchObject([{ status: 404 }]);
    expect((await svc.request('GET', '/api/company/invoicetemplates', { token: other.token })).status).toBe(404);
  });
});

describe('verifier lists', () => {
  it('lists name users of the company in order; one list answers their names', async () => {
    const me = (await svc.api('GET', '/users')).body;
    const colleague = await svc.admin.createUser({
      username: 'verifier2',
      firstName: 'Ville',
      lastName: 'Tarkastaja',
      email: 'ville@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, colleague.userId, 'BOOKKEEPER');
    const saved = await documents().saveVerifierList(svc.demo.companyId, {
      name: 'Ostolaskut',
      verifiers: [colleague.userId, me.id],
      acceptors: [me.id],
    });
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Ostolaskut',
      verifiers: [
        { userId: colleague.userId, firstname: 'Ville', surname: 'Tarkastaja', orderNo: 1 },
        { userId: me.id, firstname: 'Demo', surname: 'User', orderNo: 2 },
      ],
      acceptors: [{ userId: me.id, firstname: 'Demo', surname: 'User', orderNo: 1 }],
    });
    const second = await documents().saveVerifierList(svc.demo.companyId, {
      name: 'Matkalaskut',
      verifiers: [],
      acceptors: [me.id],
    });
    expect((await svc.api('GET', '/company/invoicecirculation/verifierlists')).body).toEqual([
      { id: saved.id, name: 'Ostolaskut', verifiers: [colleague.userId, me.id], acceptors: [me.id] },
      { id: second.id, name: 'Matkalaskut', verifiers: [], acceptors: [me.id] },
    ]);
    expect((await svc.api('GET', `/company/invoicecirculation/verifierlists/${saved.id}`)).body).toEqual(saved);

    // replaced in place; users outside the company and repeats are refused
    await documents().saveVerifierList(svc.demo.companyId, {
      id: saved.id,
      name: 'Ostolaskut 2026',
      verifiers: [me.id],
      acceptors: [],
    });
    expect((await svc.api('GET', `/company/invoicecirculation/verifierlists/${saved.id}`)).body).toMatchObject({
      name: 'Ostolaskut 2026',
      acceptors: [],
    });
    const outsider = await svc.admin.createUser({
      username: 'outsider',
      firstName: 'Out',
      lastName: 'Sider',
      email: 'out@example.com',
    });
    expect(
      await refusal(
        documents().saveVerifierList(svc.demo.companyId, {
          name: 'Bad',
          verifiers: [outsider.userId, me.id, me.id],
          acceptors: [],
        }),
      ),
    ).toEqual([
      { status: 400, message: 'not a user of the company', field: 'verifiers[0]' },
      { status: 400, message: 'listed twice', field: 'verifiers[2]' },
    ]);
    expect(
      await refusal(
        documents().saveVerifierList(svc.demo.companyId, { id: 999, name: 'X', verifiers: [], acceptors: [] }),
      ),
    ).toMatchObject([{ status: 404 }]);

    // another company sees none of them
    expect(
      (await svc.request('GET', '/api/company/invoicecirculation/verifierlists', { token: other.token })).body,
    ).toEqual([]);
    expect(
      (await svc.request('GET', `/api/company/invoicecirculation/verifierlists/${saved.id}`, { token: other.token }))
        .status,
    ).toBe(404);

    expect(await documents().deleteVerifierList(svc.demo.companyId, second.id)).toEqual({
      id: second.id,
      deleted: true,
    });
    expect((await svc.api('GET', `/company/invoicecirculation/verifierlists/${second.id}`)).status).toBe(404);
    expect(await refusal(documents().deleteVerifierList(svc.demo.companyId, second.id))).toMatchObject([
      { status: 404 },
    ]);
  });
});

describe('rights', () => {
  it('a user without access to sales invoices or company information is refused (403)', async () => {
    const employee = await svc.admin.createUser({
      username: 'employee1',
      firstName: 'Eeva',
      lastName: 'Employee',
      email: 'eeva@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, employee.userId, 'EMPLOYEE');
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: employee.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    for (const path of [
      'deliveryterms',
      'einvoiceaddresses',
      'expenses/collectionpenal/settings',
      'invoicetemplates',
      'invoicecirculation/verifierlists',
      'invoicecirculation/verifierlists/1',
    ]) {
      expect((await svc.request('GET', `/api/company/${path}`, { token })).status, path).toBe(403);
    }
    // every user of the company may read another's name
    expect((await svc.request('GET', `/api/users/profiles/${employee.userId}`, { token })).body).toEqual({
      firstname: 'Eeva',
      surname: 'Employee',
    });
  });
});

describe('product version', () => {
  it('is set when the company is created and by the admin; PUT /company keeps it and refuses a change', async () => {
    const created = await svc.admin.createCompany({ name: 'Versioned Oy', productVersion: 'FINANCIALS_BASIC' });
    expect((await svc.app.services.company.get(created.companyId)).productVersion).toBe('FINANCIALS_BASIC');
    await expect(svc.admin.createCompany({ name: 'Bad Oy', productVersion: 'NO_SUCH' })).rejects.toBeInstanceOf(
      AdminError,
    );
    await expect(svc.admin.setProductVersion(svc.demo.companyId, 'GOLD')).rejects.toThrow(/unknown product version/);
    await expect(svc.admin.setProductVersion(999999, 'FINANCIALS_PLUS')).rejects.toThrow(/no company/);

    expect(await svc.admin.setProductVersion(svc.demo.companyId, 'FINANCIALS_PLUS')).toEqual({
      companyId: svc.demo.companyId,
      productVersion: 'FINANCIALS_PLUS',
    });
    const company = (await svc.api('GET', '/company')).body;
    expect(company.productVersion).toBe('FINANCIALS_PLUS');
    expect((await svc.api('PUT', '/company', company)).status).toBe(200);
    expect((await svc.api('GET', '/company')).body.productVersion).toBe('FINANCIALS_PLUS');
    const changed = await svc.api('PUT', '/company', { ...company, productVersion: 'FINANCIALS_MAX' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors[0]).toMatchObject({
      message: expect.stringContaining('read-only'),
      field: 'productVersion',
    });
    // usage settings written later keep it
    await svc.api('PUT', '/company/usagesettings', (await svc.api('GET', '/company/usagesettings')).body);
    expect((await svc.api('GET', '/company')).body.productVersion).toBe('FINANCIALS_PLUS');
  });
});

describe('tase admin company', () => {
  const run = promisify(execFile);
  it('sets the product version, settings documents, templates and verifier lists from the command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tase-admin-'));
    const env = { ...process.env, DATABASE_URL: join(dir, 'tase.sqlite'), LOG_LEVEL: 'silent' };
    const tase = async (...args: string[]) =>
      JSON.parse((await run(process.execPath, ['src/main.ts', 'admin', 'company', ...args], { env })).stdout);
    const refused = (...args: string[]) =>
      run(process.execPath, ['src/main.ts', 'admin', 'company', ...args], { env }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    try {
      const company = await tase('create', '--name', 'Cli Oy', '--product-version', 'FINANCIALS_SILVER');
      const id = String(company.companyId);
      expect(await tase('product-version', '--company-id', id, '--product-version', 'FINANCIALS_GOLD')).toEqual({
        companyId: company.companyId,
        productVersion: 'FINANCIALS_GOLD',
      });
      expect(
        await tase(
          'settings',
          '--company-id',
          id,
          '--name',
          'deliveryterms',
          '--json',
          '{"deliveryTerms":["FCA Free Carrier"]}',
        ),
      ).toEqual({ deliveryTerms: ['FCA Free Carrier'] });
      expect(
        await tase(
          'settings',
          '--company-id',
          id,
          '--name',
          'collectionpenal',
          '--json',
          '{"minimumPenalInterestSum": 2.35}',
        ),
      ).toEqual({ minimumPenalInterestSum: 2.35 });
      expect(await tase('invoice-template', '--company-id', id, '--name', 'Vakiolasku')).toMatchObject({
        name: 'Vakiolasku',
        isDefault: true,
      });
      const user = JSON.parse(
        (
          await run(
            process.execPath,
            [
              'src/main.ts',
              'admin',
              'user',
              'create',
              '--username',
              'cli-user',
              '--first-name',
              'Cli',
              '--last-name',
              'User',
              '--email',
              'cli@example.com',
            ],
            { env },
          )
        ).stdout,
      );
      await run(
        process.execPath,
        ['src/main.ts', 'admin', 'user', 'add-to-company', '--user-id', String(user.userId), '--company-id', id],
        { env },
      );
      const list = await tase(
        'verifier-list',
        '--company-id',
        id,
        '--name',
        'Ostot',
        '--verifiers',
        String(user.userId),
        '--acceptors',
        String(user.userId),
      );
      expect(list).toMatchObject({ name: 'Ostot', verifiers: [{ userId: user.userId, firstname: 'Cli', orderNo: 1 }] });
      expect(await tase('delete-verifier-list', '--company-id', id, '--id', String(list.id))).toEqual({
        id: list.id,
        deleted: true,
      });

      const badName = await refused('settings', '--company-id', id, '--name', 'nothing', '--json', '{}');
      expect(badName.code).toBe(2);
      expect(badName.stderr).toContain('--name takes one of deliveryterms, einvoiceaddresses, collectionpenal');
      expect(
        (await refused('settings', '--company-id', id, '--name', 'deliveryterms', '--json', '{nope')).stderr,
      ).toContain('--json is not valid JSON');
      expect(
        (await refused('settings', '--company-id', id, '--name', 'deliveryterms', '--json', '{"terms":[]}')).stderr,
      ).toContain('terms');
      expect(
        (await refused('verifier-list', '--company-id', id, '--name', 'X', '--verifiers', '99999')).stderr,
      ).toContain('verifiers[0]: not a user of the company');
      expect((await refused('product-version', '--company-id', id, '--product-version', 'NOPE')).stderr).toContain(
        'unknown product version',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
