// The data files the service creates are its user's alone: the SQLite database (its folder, file, WAL and shared
// memory) and the attachments folder and files are created owner-only (0700 folders, 0600 files), whatever the
// umask lets others read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/index.ts';
import { globalTables } from '../src/modules.ts';
import { startService, type TestService } from './support/service.ts';
import { testEngine } from './support/database.ts';
import { BANK_FEE_RECEIPT } from './support/ledger-bodies.ts';

const dir = mkdtempSync(join(tmpdir(), 'tase-permissions-'));
const databaseFile = join(dir, 'data', 'tase.sqlite');
const attachmentsDir = join(dir, 'files', 'attachments');
let svc: TestService;
let umask: number;

beforeAll(async () => {
  umask = process.umask(0o022);
  svc = await startService({
    ...(testEngine === 'sqlite'
      ? { database: { ...openDatabase({ url: databaseFile, globalTables: globalTables() }), url: databaseFile } }
      : {}),
    config: { attachmentsDir },
  });
});

afterAll(async () => {
  await svc?.close();
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('data files', () => {
  it.runIf(testEngine === 'sqlite')('creates the SQLite database owner-only', () => {
    expect(mode(join(dir, 'data'))).toBe(0o700);
    expect(mode(databaseFile)).toBe(0o600);
    expect(mode(`${databaseFile}-wal`)).toBe(0o600);
    expect(mode(`${databaseFile}-shm`)).toBe(0o600);
  });

  it('creates the attachments folders and files owner-only', async () => {
    const receipt = await svc.api('POST', '/ledgerreceipts', BANK_FEE_RECEIPT);
    const form = new FormData();
    form.append(
      'meta',
      JSON.stringify({
        name: 'fee.pdf',
        referenceType: 'LEDGERRECEIPT',
        referenceId: receipt.body.id,
        sendWithInvoice: false,
      }),
    );
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'fee.pdf');
    const answer = await fetch(`${svc.base}/api/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await svc.token()}` },
      body: form,
    });
    expect(answer.status, await answer.text()).toBe(200);
    const companyDir = join(attachmentsDir, String(svc.demo.companyId));
    expect(mode(join(dir, 'files'))).toBe(0o700);
    expect(mode(attachmentsDir)).toBe(0o700);
    expect(mode(companyDir)).toBe(0o700);
    const files = await readdir(companyDir);
    expect(files).toHaveLength(1);
    expect(mode(join(companyDir, files[0]))).toBe(0o600);
  });
});
