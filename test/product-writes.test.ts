// Product writes sent at once, over real HTTP. On SQLite the writes of one turn of the event loop are committed
// together, each in a savepoint of its own (src/db/group-commit.ts); on PostgreSQL each has its own transaction,
// except creations that read nothing stored, whose rows of one turn go in one statement (src/db/insert-batches.ts).
// Either way a write that is refused leaves nothing, the others are all kept, and each answer comes after its
// commit: what a client was told is what the register holds.
import { sql } from 'kysely';
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

  it('keeps the creations sent with one the database refuses, which gets the answer it gets alone', async () => {
    const db = svc.app.ctx.db;
    // a refusal by the database itself, which no rule of the service foresees (as a constraint would be)
    if (svc.app.ctx.engine === 'postgres') {
      await sql`create function tase_test_refuse() returns trigger language plpgsql as $$
        begin
          if new.name like 'Refused%' then raise exception 'refused by the database' using errcode = '23514'; end if;
          return new;
        end $$`.execute(db);
      await sql`create trigger tase_test_refuse before insert on products for each row execute function tase_test_refuse()`.execute(
        db,
      );
    } else {
      await sql`create trigger tase_test_refuse before insert on products when new.name like 'Refused%'
        begin select raise(abort, 'refused by the database'); end`.execute(db);
    }
    try {
      const alone = await svc.api('POST', '/products', product('Refused alone'));
      expect(alone.status).toBe(500);
      const bodies = Array.from({ length: 24 }, (_, n) => {
        if (n % 6 === 1) return product(`Refused ${n}`);
        // refused by the service's own rules, before any statement
        if (n % 6 === 4) return { ...product(`Mixed ${n}`), startDate: '2026-01-01' };
        return product(`Mixed ${n}`);
      });
      const answers = await Promise.all(bodies.map((body) => svc.api('POST', '/products', body)));
      const created: number[] = [];
      for (const [n, answer] of answers.entries()) {
        if (n % 6 === 1) {
          expect(answer.status, answer.text).toBe(alone.status);
          expect(answer.body).toEqual(alone.body);
        } else if (n % 6 === 4) {
          expect(answer.status, answer.text).toBe(400);
          expect(answer.body).toEqual({
            errors: [expect.objectContaining({ status: 400, field: 'startDate' })],
          });
        } else {
          expect(answer.status, answer.text).toBe(200);
          expect(answer.body.name).toBe(`Mixed ${n}`);
          created.push(answer.body.id);
        }
      }
      expect(created).toHaveLength(16);
      const mixed = await svc.api('GET', '/products?name=Mixed&size=100');
      expect(mixed.body.meta.totalCount).toBe(16);
      expect(mixed.body.results.map((p: { id: number }) => p.id).sort((a: number, b: number) => a - b)).toEqual(
        created.sort((a, b) => a - b),
      );
      const refused = await svc.api('GET', '/products?name=Refused&size=100');
      expect(refused.body.meta.totalCount).toBe(0);
    } finally {
      await sql`drop trigger tase_test_refuse${sql.raw(svc.app.ctx.engine === 'postgres' ? ' on products' : '')}`.execute(
        db,
      );
    }
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
