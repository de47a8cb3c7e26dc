// Liveness and readiness for an orchestrator or load balancer (no token, outside the versioned API):
// GET /health/live answers 200 while the process runs its event loop; GET /health/ready answers 200 when the
// database answers and the server is neither draining nor shutting down, else 503 (take the instance out of
// rotation).
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Drain } from './drain.ts';

export function installHealth(app: FastifyInstance, db: Db, drain: Drain): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const answer = { schema: { hide: true } };
  app.get('/health/live', answer, (_request, reply) => reply.type('application/json').send({ status: 'UP' }));
  app.get('/health/ready', answer, async (_request, reply) => {
    let database = 'UP';
    try {
      await sql`select 1 as ok`.execute(db);
    } catch {
      database = 'DOWN';
    }
    const ready = !closing && !drain.draining && database === 'UP';
    return reply
      .code(ready ? 200 : 503)
      .type('application/json')
      .send({ status: ready ? 'UP' : 'DOWN', database, closing: closing || drain.draining });
  });
}
