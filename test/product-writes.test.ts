// Product writes sent at once, over real HTTP. On SQLite the writes of one turn of the event loop are committed
// together, each in a savepoint of its own (src/db/group-commit.ts); on PostgreSQL each has its own transaction.
// Either way a write that is refused leaves nothing, the others are all kept, and each answer comes after its
// commit: what a client was told is what the register holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const product = (name: string) => ({
  type: 'SALES',
  name,
  code: 'W',
  unit: 'PIECE',
  price: 19.99,
  discount: 0,
  vat: 25.5,
  active: true,
  currency: 'EUR',
});

describe('product writes sent at once', () => {
  it('keeps exactly the creations that were answered 200, each readable at once, and none of the refused', async () => {
    const bodies = Array.from({ length: 30 }, (_, n) =>
      // every third names a group that does not exist: refused inside its transaction
      n % 3 === 2 ? { ...product(`Together ${n}`), productGroupId: 999_999 } : product(`Together ${n}`),
    );
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const answer = await svc.api('POST', '/products', body);
        // the answer is sent after the commit: the product is there for the next request
        const read = answer.status === 200 ? await svc.api('GET', `/products/${answer.body.id}`) : undefined;
        return { answer, read };
      }),
    );
    const created: number[] = [];
    for (const [n, { answer, read }] of answers.entries()) {
      if (n % 3 === 2) {
        expect(answer.status, answer.text).toBe(400);
        expect(answer.body.errors[0].field).toBe('productGroupId');
      } else {
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.name).toBe(`Together ${n}`);
        expect(read?.status).toBe(200);
        expect(read?.body).toEqual(answer.body);
        created.push(answer.body.id);
      }
    }
    expect(new Set(created).size).toBe(20);
    const found = await svc.api('GET', '/products?name=Together&size=100');
    expect(found.status).toBe(200);
    expect(found.body.meta.totalCount).toBe(20);
    expect(found.body.results.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
      created.sort((a, b) => a - b),
    );
  });

  it('lets exactly one of several changes over the same version through', async () => {
    const created = await svc.api('POST', '/products', product('Contested'));
    expect(created.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        svc.api('PATCH', `/products/${created.body.id}`, { name: `Contested ${n}`, version: created.body.version }),
      ),
    );
    const won = answers.flatMap((answer, n) => (answer.status === 200 ? [n] : []));
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe('version');
    }
    const stored = await svc.api('GET', `/products/${created.body.id}`);
    expect(stored.body.name).toBe(`Contested ${won[0]}`);
    expect(stored.body.version).toBe(answers[won[0]].body.version);
  });
});
