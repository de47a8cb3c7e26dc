// Documents (an invoice's PDF or picture, a payslip) are rendered in worker threads, so the event loop keeps
// answering everything else (GET /health/live among them) while even the longest are drawn. An area names its
// worker file (`workerEntry`), which serves jobs with `serveRenderJobs`; `renderInWorker` runs one job there.
// Each job is bounded in time from when it is asked: past the bound it is dropped from the queue or its worker is
// terminated (a new one starts for the next job), and the request is answered 503 DOCUMENT_RENDER_TIMEOUT. At most
// `size` threads of an entry render at once and a few jobs wait; more are refused at once (503
// DOCUMENT_RENDER_BUSY). A worker is kept a while after its job, as starting one (pdfkit, the fonts) costs ~0.5 s.
// The answer is the finished document, moved from the thread without a copy: a time bound can still become an
// error body, which a half-sent PDF cannot.
import { readlinkSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import { isDecimal } from '../domain/decimal.ts';
import { apiError } from './errors.ts';

/** What a worker answers: a PDF's bytes, an SVG, or the error the job threw (its name and message). */
export interface RenderAnswer {
  bytes?: Uint8Array;
  svg?: string;
  error?: { name: string; message: string };
}

/** Jobs that may wait for a thread; one more is refused at once rather than queued towards its bound. */
const MAX_WAITING = 16;
/** An idle worker is ended after this long. */
const IDLE_MS = 5 * 60_000;

/**
 * The worker file `name` beside the calling module: `name.ts` in the sources (run as TypeScript by Node and the
 * tests), `name.js` beside the bundle (scripts/bundle.ts builds each worker as an entry of its own).
 */
export function workerEntry(callerUrl: string, name: string): URL {
  return new URL(`./${name}.${callerUrl.endsWith('.ts') ? 'ts' : 'js'}`, callerUrl);
}

interface Pending {
  job: unknown;
  resolve(answer: RenderAnswer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** The job with its decimals as text: a Decimal loses its methods in the copy to a thread, its text does not. */
function portable(value: unknown): unknown {
  if (isDecimal(value)) return value.toFixed();
  if (Array.isArray(value)) return value.map(portable);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, portable(v)]));
  return value;
}

class RenderPool {
  readonly #entry: URL;
  // two at least, so that one long document does not hold up the short ones behind it
  readonly #size = Math.max(2, Math.min(4, availableParallelism()));
  readonly #busy = new Map<Worker, Pending>();
  readonly #idle = new Map<Worker, NodeJS.Timeout>();
  readonly #waiting: Pending[] = [];

  constructor(entry: URL) {
    this.#entry = entry;
  }

  run(job: unknown, timeoutMs: number): Promise<RenderAnswer> {
    if (this.#waiting.length >= MAX_WAITING) return Promise.reject(apiError('DOCUMENT_RENDER_BUSY'));
    return new Promise<RenderAnswer>((resolve, reject) => {
      const pending: Pending = {
        job,
        resolve,
        reject,
        timer: setTimeout(() => this.#timeOut(pending, timeoutMs), timeoutMs),
      };
      this.#waiting.push(pending);
      this.#next();
    });
  }

  #timeOut(pending: Pending, timeoutMs: number): void {
    const queued = this.#waiting.indexOf(pending);
    if (queued >= 0) this.#waiting.splice(queued, 1);
    for (const [worker, job] of this.#busy)
      if (job === pending) {
        // its exit then finds no job to fail
        this.#busy.delete(worker);
        void worker.terminate();
      }
    pending.reject(apiError('DOCUMENT_RENDER_TIMEOUT', undefined, { limit: timeoutMs }));
    this.#next();
  }

  #next(): void {
    while (this.#waiting.length > 0 && (this.#idle.size > 0 || this.#busy.size < this.#size)) {
      const pending = this.#waiting.shift()!;
      let worker = this.#idle.keys().next().value;
      if (worker) {
        clearTimeout(this.#idle.get(worker));
        this.#idle.delete(worker);
      } else worker = this.#spawn();
      this.#busy.set(worker, pending);
      // a busy worker keeps the process alive (a script awaiting its document); an idle one does not
      worker.ref();
      worker.postMessage(portable(pending.job));
    }
  }

  #spawn(): Worker {
    const worker = new Worker(this.#entry);
    worker.on('message', (answer: RenderAnswer) => this.#answered(worker, answer));
    worker.on('error', (err: Error) => this.#ended(worker, err));
    worker.on('exit', (code) => this.#ended(worker, new Error(`the render thread ended (exit code ${code})`)));
    return worker;
  }

  #answered(worker: Worker, answer: RenderAnswer): void {
    const pending = this.#busy.get(worker);
    if (!pending) return;
    this.#busy.delete(worker);
    clearTimeout(pending.timer);
    worker.unref();
    const timer = setTimeout(() => {
      this.#idle.delete(worker);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    this.#idle.set(worker, timer);
    this.#next();
    pending.resolve(answer);
  }

  /** A worker that failed or ended: its job, if it had one, fails; the next job gets a fresh worker. */
  #ended(worker: Worker, err: Error): void {
    clearTimeout(this.#idle.get(worker));
    this.#idle.delete(worker);
    const pending = this.#busy.get(worker);
    if (pending) {
      this.#busy.delete(worker);
      clearTimeout(pending.timer);
      void worker.terminate();
      pending.reject(err);
    }
    this.#next();
  }
}

const pools = new Map<string, RenderPool>();

/**
 * Runs `job` in a worker of `entry` within `timeoutMs`. Decimals in the job arrive as their text. An error the job
 * threw is thrown again as `errors[name]` when given (by its message), else as an Error.
 */
export async function renderInWorker(
  entry: URL,
  job: unknown,
  timeoutMs: number,
  errors: Record<string, new (message: string) => Error> = {},
): Promise<RenderAnswer> {
  let pool = pools.get(entry.href);
  if (!pool) pools.set(entry.href, (pool = new RenderPool(entry)));
  const answer = await pool.run(job, timeoutMs);
  if (!answer.error) return answer;
  const Known = errors[answer.error.name];
  throw Known ? new Known(answer.error.message) : new Error(`${answer.error.name}: ${answer.error.message}`);
}

/** The PDF bytes of an answer, as a Buffer over the memory moved from the thread. */
export function pdfOf(answer: RenderAnswer): Buffer {
  const bytes = answer.bytes ?? new Uint8Array();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** In a worker file: serves the jobs the pool sends, one at a time, with `render`. */
export function serveRenderJobs<J>(render: (job: J) => Promise<RenderAnswer>): void {
  const port = parentPort;
  if (!port) throw new Error('a render worker runs as a worker thread');
  // on Linux a thread has a niceness of its own: this one yields the CPU to the event loop when both want it
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // another system: the thread keeps the process's priority
  }
  port.on('message', (job: J) => {
    render(job).then(
      (answer) => {
        // moved, not copied: a fresh array owns its memory, where a Buffer may share a pool
        const bytes = answer.bytes && new Uint8Array(answer.bytes);
        port.postMessage({ ...answer, bytes }, bytes ? [bytes.buffer] : []);
      },
      (err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        port.postMessage({ error: { name: error.name, message: error.message } } satisfies RenderAnswer);
      },
    );
  });
}
