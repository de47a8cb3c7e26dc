// Stopping without resetting anyone (SIGTERM): readiness turns 503 at once so a load balancer stops sending,
// while the listener keeps serving for a grace period; every answer from then on carries `Connection: close`,
// so a keep-alive client opens its next connection elsewhere instead of reusing one that is about to close.
// Only after the grace does the server close (finishing what is in flight; see installShutdownAnswer).
import type { FastifyInstance } from 'fastify';

export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  // onSend, not onRequest: a request already in flight when the drain begins closes its connection too
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}
