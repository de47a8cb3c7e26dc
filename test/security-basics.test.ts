// Headers that keep a browser from misreading an answer or framing a page: nosniff on every answer, and on every
// page a person uses (login, authenticator, the documentation) a policy that forbids framing by another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

describe('security headers', () => {
  it('sends nosniff with API answers, errors included', async () => {
    for (const answer of [
      await svc.request('GET', '/api/status'),
      await svc.api('GET', '/products'),
      await svc.request('GET', '/api/products'),
      await svc.request('GET', '/api/no-such-thing'),
    ])
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('forbids framing the pages a person signs in or confirms on, and the documentation', async () => {
    for (const path of ['/login', '/authenticator', '/docs/']) {
      const page = await svc.request('GET', path);
      // the login page without its query answers its own 400 page: a page all the same
      expect(page.status, path).toBeLessThan(500);
      const policy = page.headers.get('content-security-policy') ?? '';
      // one frame-ancestors directive, 'none': a browser ignores a second one
      expect(policy.match(/frame-ancestors [^;]*/g), path).toEqual(["frame-ancestors 'none'"]);
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('the request log', () => {
  it('never keeps a secret sent in a URL', { timeout: 60_000 }, async () => {
    const { spawn } = await import('node:child_process');
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const child = spawn(process.execPath, ['src/main.ts', 'serve'], {
      env: { ...process.env, DATABASE_URL: ':memory:', TASE_MODE: 'sandbox', LOG_LEVEL: 'info', PORT: String(port) },
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      for (
        let i = 0;
        i < 200 &&
        !(await fetch(`${base}/health/live`).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await fetch(
        `${base}/api/oauth/token?grant_type=client_credentials&client_id=demo&client_secret=TopSecret123&api_key=tak_leaked`,
        { method: 'POST' },
      );
      expect(answer.status).toBeGreaterThanOrEqual(400);
      await fetch(`${base}/admin/integrations?ticket=ReviewTicket456`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(log).toContain('/api/oauth/token?grant_type=client_credentials');
      expect(log).not.toContain('TopSecret123');
      expect(log).not.toContain('tak_leaked');
      expect(log).not.toContain('ReviewTicket456');
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('malformed credentials of unauthenticated requests', () => {
  const ticket = (signature: string) => `${Buffer.from('{"exp":1}').toString('base64url')}.${signature}`;
  // 43 characters, as a base64url HMAC-SHA256, but not all ASCII: the same length in characters, not in bytes
  const nonAscii = `${'ä'.repeat(22)}${'a'.repeat(21)}`;

  it('answers a bad percent-encoding in a cookie or in Basic credentials, and a non-ASCII signature, below 500', async () => {
    const probes = [
      await svc.request('GET', '/login', { headers: { cookie: 'tase_login=%E0%A4%A' } }),
      await svc.request('GET', '/authenticator', { headers: { cookie: 'tase_authenticator=%zz' } }),
      await svc.request('POST', '/api/oauth/token', {
        raw: 'grant_type=client_credentials&api_key=x',
        contentType: 'application/x-www-form-urlencoded',
        headers: { authorization: `Basic ${Buffer.from('%zz:%E0%A4%A').toString('base64')}` },
      }),
      await svc.request('GET', `/admin/integrations?ticket=${encodeURIComponent(ticket(nonAscii))}`),
      await svc.request('POST', '/activate/1', {
        raw: new URLSearchParams({ step: 'accept', ticket: ticket(nonAscii) }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      }),
    ];
    for (const answer of probes) expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500);
    expect(probes[2].status).toBe(401);
  });
});
