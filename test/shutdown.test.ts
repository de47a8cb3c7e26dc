// Shutdown over real HTTP: a request in flight when the server begins to close completes; a request that still
// arrives on an open connection gets 503 in the catalogue's error body, not Fastify's own.
import { connect } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

/** Splits what a socket received into the pipelined responses (status and JSON body). */
function responses(raw: string): { status: number; body: unknown }[] {
  const out: { status: number; body: unknown }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const head = rest.slice(0, headEnd);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    out.push({ status: Number(head.slice(9, 12)), body: JSON.parse(body) });
    rest = rest.slice(headEnd + 4 + length);
  }
  return out;
}

describe('shutdown', () => {
  it('answers a request arriving while the server closes with 503 in the error body', async () => {
    const token = await svc.token();
    const url = new URL(svc.base);
    const socket = connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = once(socket, 'close');

    // a request in flight: its headers are sent, its body not yet
    const body = JSON.stringify({ name: 'Shutdown test product' });
    socket.write(
      `POST /api/products HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = svc.app.fastify.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // the rest of the body, and another request on the same connection
    socket.write(
      `${body.slice(5)}GET /api/products HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
    await ended;
    await closed;

    const [first, second] = responses(received);
    expect(first.status).not.toBe(503);
    expect(second).toEqual({
      status: 503,
      body: {
        errors: [{ status: 503, message: 'The service is shutting down; retry the request shortly.' }],
      },
    });
  });
});
