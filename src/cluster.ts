// `tase serve --workers N`: a primary process that forks N workers sharing the listening port (node:cluster).
// The primary migrates and prepares the database once, then only supervises: it replaces a worker that dies,
// forwards SIGTERM/SIGINT to every worker (each drains its requests and deliveries, see `tase serve`) and exits
// when they all have, and gathers the workers' metrics for /metrics. Everything the workers share lives in the
// database: the rate-limit slots, the webhook outbox with its leases, the housekeeping batches; per-process
// caches are used only where every other process's writes are seen (see src/db/changes.ts). The sandbox's fault
// rules and request journal are kept in the primary itself, which the workers ask (src/sandbox/books.ts).
import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from './platform/metrics.ts';
import { serveSandboxBooks } from './sandbox/index.ts';

/** Replacements this close together mean a worker cannot start: give up instead of forking forever. */
const RESTART_WINDOW_MS = 10_000;
const MAX_RESTARTS_IN_WINDOW = 5;
/** How long the workers get, past their drain grace, to finish what is in flight before they are killed. */
const STOP_TIMEOUT_MS = 30_000;

export const isWorkerProcess = (): boolean => cluster.isWorker;

export function superviseWorkers(count: number, drainGraceMs: number, onListening: () => void): void {
  serveClusterMetrics();
  serveSandboxBooks();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;
  const restarts: number[] = [];
  const fork = (): Worker => cluster.fork();
  cluster.on('listening', () => {
    if (++listening === count) onListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    process.stderr.write(`tase: worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another\n`);
    if (restarts.length > MAX_RESTARTS_IN_WINDOW) {
      process.stderr.write('tase: workers keep ending at start; stopping\n');
      stop(1);
      return;
    }
    fork();
  });
  const stop = (code = 0, signal: NodeJS.Signals = 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(
      () => {
        for (const worker of workers) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      (signal === 'SIGTERM' ? drainGraceMs : 0) + STOP_TIMEOUT_MS,
    ).unref();
  };
  process.once('SIGINT', () => stop(0, 'SIGINT'));
  process.once('SIGTERM', () => stop(0, 'SIGTERM'));
  for (let i = 0; i < count; i++) fork();
}
