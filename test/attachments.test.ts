// Attachments over real HTTP: multipart upload, the type read from the bytes, multipart/mixed fetch, rename,
// delete, the owners' reference types and rights, company isolation, and the directory storage leaving no file
// behind a failed request.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherCompany, startService, type TestService } from './support/service.ts';
import { partsOf } from './support/multipart.ts';
import { BANK_FEE_RECEIPT } from './support/ledger-bodies.ts';

let svc: TestService;
let receiptId: number;
let customerId: number;
let png: Buffer;

const receipt = BANK_FEE_RECEIPT;

interface Upload {
  meta: unknown;
  file?: { bytes: Buffer; name: string; type?: string };
  metaAsJson?: boolean;
}

async function upload(service: TestService, { meta, file, metaAsJson }: Upload, token?: string) {
  const form = new FormData();
  const metaText = JSON.stringify(meta);
  form.append('meta', metaAsJson ? new Blob([metaText], { type: 'application/json' }) : metaText);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name);
  const response = await fetch(`${service.base}/api/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await service.token())}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text };
}

async function fetchAttachment(service: TestService, id: number, token?: string) {
  const response = await fetch(`${service.base}/api/attachments/${id}`, {
    headers: { authorization: `Bearer ${token ?? (await service.token())}` },
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const meta = (extra: Record<string, unknown> = {}) => ({
  name: 'fee.png',
  referenceType: 'LEDGERRECEIPT',
  referenceId: receiptId,
  sendWithInvoice: false,
  ...extra,
});

beforeAll(async () => {
  svc = await startService();
  receiptId = (await svc.api('POST', '/ledgerreceipts', receipt)).body.id;
  customerId = (await svc.api('POST', '/businesspartners', { name: 'Asiakas Oy', type: 'CUSTOMER' })).body.id;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
});
afterAll(() => svc.close());

describe('POST /attachments', () => {
  it('stores a file with the type read from its bytes, and serves it back as multipart/mixed', async () => {
    // named as text and claimed to be text: the bytes are a PNG
    const answer = await upload(svc, {
      meta: meta({ mimeType: 'text/plain', id: 999 }),
      file: { bytes: png, name: 'notes.txt', type: 'text/plain' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ ...meta(), id: expect.any(Number), mimeType: 'image/png' });
    expect(answer.body.id).not.toBe(999);

    const fetched = await fetchAttachment(svc, answer.body.id);
    expect(fetched.status).toBe(200);
    expect(fetched.contentType).toMatch(/^multipart\/mixed; boundary=/);
    const [metaPart, filePart] = partsOf(fetched.contentType, fetched.body);
    expect(metaPart.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(metaPart.bytes.toString())).toEqual(answer.body);
    expect(filePart.headers['content-type']).toBe('image/png');
    expect(filePart.headers['content-disposition']).toContain('filename="fee.png"');
    expect(filePart.bytes.equals(png)).toBe(true);
  });

  it('takes meta sent as an application/json part too', async () => {
    const answer = await upload(svc, {
      meta: meta({ name: 'kuitti ä.txt' }),
      metaAsJson: true,
      file: { bytes: Buffer.from('Kuitti: 3,50 €\n'), name: 'x.bin' },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.mimeType).toBe('text/plain');
    const fetched = await fetchAttachment(svc, answer.body.id);
    const [, filePart] = partsOf(fetched.contentType, fetched.body);
    expect(filePart.bytes.toString()).toBe('Kuitti: 3,50 €\n');
    expect(filePart.headers['content-disposition']).toContain("filename*=UTF-8''kuitti%20%C3%A4.txt");
  });

  it('refuses a file over 10 MB, an executable, an empty file and a missing file', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const tooLarge = await upload(svc, { meta: meta(), file: { bytes: big, name: 'big.txt' } });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0].message).toMatch(/^File size too big/);

    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const executable = await upload(svc, { meta: meta(), file: { bytes: exe, name: 'invoice.pdf' } });
    expect(executable.status).toBe(400);
    expect(executable.body.errors[0]).toMatchObject({ field: 'file' });
    expect(executable.body.errors[0].message).toMatch(/^ATTACHMENT_FILE_TYPE_NOT_ALLOWED/);

    const empty = await upload(svc, { meta: meta(), file: { bytes: Buffer.alloc(0), name: 'e.txt' } });
    expect(empty.body.errors[0].message).toMatch(/^FILE_EMPTY/);

    const none = await upload(svc, { meta: meta() });
    expect(none.body.errors).toEqual([expect.objectContaining({ status: 400, field: 'file' })]);
    const form = new FormData();
    form.append('meta', JSON.stringify(meta()));
    form.append('file', 'not a file part');
    const text = await fetch(`${svc.base}/api/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await svc.token()}` },
      body: form,
    });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(/^FILE_MISSING/);
  });

  it('validates meta as a JSON body and checks the document exists', async () => {
    const bad = await upload(svc, { meta: { name: '', referenceType: 'NOPE' }, file: { bytes: png, name: 'a.png' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['meta.name', 'meta.referenceId', 'meta.referenceType', 'meta.sendWithInvoice'].sort(),
    );
    const missing = await upload(svc, { meta: meta({ referenceId: 99999 }), file: { bytes: png, name: 'a.png' } });
    expect(missing.body.errors).toEqual([expect.objectContaining({ status: 400, field: 'meta.referenceId' })]);
    expect(missing.body.errors[0].message).toMatch(/^ATTACHMENT_REFERENCE_NOT_FOUND/);
    const unsupported = await upload(svc, {
      meta: meta({ referenceType: 'NETS_COLLECTION' }),
      file: { bytes: png, name: 'a.png' },
    });
    expect(unsupported.body.errors[0]).toMatchObject({ status: 400, field: 'meta.referenceType' });
    const json = await svc.api('POST', '/attachments', { meta: meta(), file: 'x' });
    expect(json.status).toBe(415);
  });

  it('attaches to a business partner by the reference type of its register', async () => {
    const answer = await upload(svc, {
      meta: meta({ referenceType: 'CUSTOMER_BUSINESS_PARTNER_REGISTER', referenceId: customerId }),
      file: { bytes: png, name: 'contract.png' },
    });
    expect(answer.status, answer.text).toBe(200);
    const wrongRegister = await upload(svc, {
      meta: meta({ referenceType: 'SUPPLIER_BUSINESS_PARTNER_REGISTER', referenceId: customerId }),
      file: { bytes: png, name: 'contract.png' },
    });
    expect(wrongRegister.body.errors[0].message).toMatch(/^ATTACHMENT_REFERENCE_NOT_FOUND/);
  });
});

describe('PATCH and DELETE /attachments/{id}', () => {
  it('renames, then deletes', async () => {
    const id = (await upload(svc, { meta: meta(), file: { bytes: png, name: 'a.png' } })).body.id;
    const renamed = await svc.api('PATCH', `/attachments/${id}`, { name: 'Pankkikulu.png' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: 'Pankkikulu.png', mimeType: 'image/png' });
    const differing = await svc.api('PATCH', `/attachments/${id}?name=other.png`, { name: 'x.png' });
    expect(differing.status).toBe(400);
    expect((await svc.api('PATCH', `/attachments/${id}`, { name: '' })).status).toBe(400);

    expect((await svc.api('DELETE', `/attachments/${id}`)).status).toBe(204);
    expect((await fetchAttachment(svc, id)).status).toBe(404);
    expect((await svc.api('DELETE', `/attachments/${id}`)).status).toBe(404);
    expect((await svc.api('PATCH', `/attachments/${id}`, { name: 'x.png' })).status).toBe(404);
  });

  it('asks for the right over the document: viewing to fetch, all rights to change', async () => {
    const receiptFile = (await upload(svc, { meta: meta(), file: { bytes: png, name: 'a.png' } })).body;
    const customerFile = (
      await upload(svc, {
        meta: meta({ referenceType: 'CUSTOMER_BUSINESS_PARTNER_REGISTER', referenceId: customerId }),
        file: { bytes: png, name: 'c.png' },
      })
    ).body;
    const user = await svc.admin.createUser({
      username: 'attachment-viewer',
      password: 'Viewer-pass-1',
      firstName: 'Vieno',
      lastName: 'Katsoja',
      email: 'viewer@example.com',
    });
    await svc.admin.addMember(svc.demo.companyId, user.userId, 'VIEWER', { 'sales.customerRegister': 'NO_ACCESS' });
    const key = await svc.admin.createApiKey({
      companyId: svc.demo.companyId,
      userId: user.userId,
      clientId: svc.demo.clientId,
    });
    const token = await svc.tokenFor(key.apiKey);
    expect((await fetchAttachment(svc, receiptFile.id, token)).status).toBe(200);
    expect((await fetchAttachment(svc, customerFile.id, token)).status).toBe(403);
    const as = (method: string, path: string, body?: unknown) => svc.request(method, `/api${path}`, { token, body });
    expect((await as('DELETE', `/attachments/${receiptFile.id}`)).status).toBe(403);
    expect((await as('PATCH', `/attachments/${receiptFile.id}`, { name: 'x.png' })).status).toBe(403);
    expect((await upload(svc, { meta: meta(), file: { bytes: png, name: 'a.png' } }, token)).status).toBe(403);
    expect((await fetchAttachment(svc, receiptFile.id)).status).toBe(200);
  });

  it('keeps companies apart', async () => {
    const id = (await upload(svc, { meta: meta(), file: { bytes: png, name: 'a.png' } })).body.id;
    const other = await otherCompany(svc);
    expect((await fetchAttachment(svc, id, other.token)).status).toBe(404);
    expect((await svc.request('DELETE', `/api/attachments/${id}`, { token: other.token })).status).toBe(404);
    // nor can a company attach to another's receipt
    const foreign = await upload(svc, { meta: meta(), file: { bytes: png, name: 'a.png' } }, other.token);
    expect(foreign.body.errors[0].message).toMatch(/^ATTACHMENT_REFERENCE_NOT_FOUND/);
    expect((await fetchAttachment(svc, id)).status).toBe(200);
  });
});

describe('the attachments lists of receipts and partners', () => {
  it('shows a receipt’s files, which a PUT may repeat but not change', async () => {
    const created = (await svc.api('POST', '/ledgerreceipts', receipt)).body;
    const file = (await upload(svc, { meta: meta({ referenceId: created.id }), file: { bytes: png, name: 'a.png' } }))
      .body;
    const read = (await svc.api('GET', `/ledgerreceipts/${created.id}`)).body;
    expect(read.attachments).toEqual([file]);
    const repeated = await svc.api('PUT', `/ledgerreceipts/${created.id}`, read);
    expect(repeated.status, repeated.text).toBe(200);
    expect(repeated.body.attachments).toEqual([file]);
    const changed = await svc.api('PUT', `/ledgerreceipts/${created.id}`, {
      ...repeated.body,
      attachments: [{ ...file, id: file.id + 1000 }],
    });
    expect(changed.body.errors).toEqual([expect.objectContaining({ status: 400, field: 'attachments' })]);
    const fresh = await svc.api('POST', '/ledgerreceipts', { ...receipt, attachments: [file] });
    expect(fresh.body.errors).toEqual([expect.objectContaining({ status: 400, field: 'attachments' })]);
  });

  it('shows a partner’s files; a PUT repeating them changes nothing', async () => {
    const partner = (await svc.api('POST', '/businesspartners', { name: 'Toimittaja Oy', type: 'SUPPLIER' })).body;
    const file = (
      await upload(svc, {
        meta: meta({ referenceType: 'SUPPLIER_BUSINESS_PARTNER_REGISTER', referenceId: partner.id }),
        file: { bytes: png, name: 'contract.png' },
      })
    ).body;
    const read = (await svc.api('GET', `/businesspartners/${partner.id}`)).body;
    expect(read.attachments).toEqual([file]);
    const put = await svc.api('PUT', `/businesspartners/${partner.id}`, read);
    expect(put.status, put.text).toBe(200);
    expect(put.body.attachments).toEqual([file]);
    expect((await svc.api('DELETE', `/attachments/${file.id}`)).status).toBe(204);
    expect((await svc.api('GET', `/businesspartners/${partner.id}`)).body.attachments).toBeUndefined();
  });
});

describe('storage in a directory (TASE_ATTACHMENTS_DIR)', () => {
  let dir: string;
  let dirSvc: TestService;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tase-attachments-'));
    dirSvc = await startService({ config: { attachmentsDir: dir } });
    receiptId = (await dirSvc.api('POST', '/ledgerreceipts', receipt)).body.id;
  });
  afterAll(async () => {
    await dirSvc.close();
    await rm(dir, { recursive: true, force: true });
  });

  const filesIn = async () =>
    (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  it('writes the file beside its row, leaves none after a refused upload, removes it on delete', async () => {
    const refused = await upload(dirSvc, { meta: meta({ referenceId: 424242 }), file: { bytes: png, name: 'a.png' } });
    expect(refused.status).toBe(400);
    expect(await filesIn()).toEqual([]);

    const stored = await upload(dirSvc, { meta: meta(), file: { bytes: png, name: 'a.png' } });
    expect(stored.status, stored.text).toBe(200);
    expect(await filesIn()).toHaveLength(1);
    const fetched = await fetchAttachment(dirSvc, stored.body.id);
    expect(partsOf(fetched.contentType, fetched.body)[1].bytes.equals(png)).toBe(true);

    expect((await dirSvc.api('DELETE', `/attachments/${stored.body.id}`)).status).toBe(204);
    expect(await filesIn()).toEqual([]);
  });
});
