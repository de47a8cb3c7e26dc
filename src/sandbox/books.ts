// The sandbox's fault rules and request journal, one copy for the whole service. With `tase serve --workers N`
// the primary process keeps them and the workers ask it over the cluster's IPC channel: a rule set through one
// worker applies to requests every worker answers, its count is used up once (the primary answers one message
// at a time, so two workers cannot both take the last one), and the journal lists every worker's requests. In a
// single process the books are local and a call costs no message. Only sandbox mode sends anything.
import cluster from 'node:cluster';
import { ApiError, type ErrorItem } from '../platform/errors.ts';
import { FaultBook, type FaultBookAccess, type Probe } from './faults.ts';
import { JournalBook, type JournalBookAccess, type JournalRecord } from './journal.ts';
import type { FaultRequestWire, JournalQueryWire } from './schemas.ts';

class Books {
  readonly #faults = new FaultBook();
  readonly #journal = new JournalBook();

  addFault(companyId: number, request: FaultRequestWire, nowMs: number) {
    return this.#faults.add(companyId, request, nowMs);
  }
  listFaults(companyId: number, nowMs: number) {
    return this.#faults.list(companyId, nowMs);
  }
  removeFault(companyId: number, id: number) {
    this.#faults.remove(companyId, id);
  }
  checkFaults(probe: Probe) {
    return this.#faults.check(probe);
  }
  recordRequest(entry: Omit<JournalRecord, 'id'>) {
    this.#journal.record(entry);
  }
  listRequests(companyId: number, everyone: boolean, query: JournalQueryWire) {
    return this.#journal.list(companyId, everyone, query);
  }
}

type Operation = keyof Books;
const OPERATIONS = new Set<string>(Object.getOwnPropertyNames(Books.prototype).filter((n) => n !== 'constructor'));
/** Calls that need no answer: the worker does not wait for the primary. */
const TOLD = new Set<string>(['recordRequest']);
const ASK = 'tase-sandbox-books';
const ANSWER = 'tase-sandbox-books-answer';
const ANSWER_TIMEOUT_MS = 10_000;

interface Ask {
  type: typeof ASK;
  id?: number;
  operation: Operation;
  args: unknown[];
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  result?: unknown;
  errors?: ErrorItem[];
  failure?: string;
}

type Access = FaultBookAccess & JournalBookAccess;

const isMessage = <T extends { type: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

function perform(books: Books, operation: string, args: unknown[]): unknown {
  if (!OPERATIONS.has(operation)) throw new Error(`no operation ${operation} on the sandbox's books`);
  return (books[operation as Operation] as (...a: unknown[]) => unknown).apply(books, args);
}

/** The books as this process reaches them: its own, or in a worker of a cluster the primary's. */
export function sandboxBooks(): Access {
  if (!cluster.isWorker || process.send === undefined) {
    const books = new Books();
    const local = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const operation of OPERATIONS)
      local[operation] = (...args) => Promise.resolve().then(() => perform(books, operation, args));
    return local as unknown as Access;
  }
  let asked = 0;
  const waiting = new Map<number, (answer: Answer) => void>();
  process.on('message', (message: unknown) => {
    if (!isMessage<Answer>(message, ANSWER)) return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const remote = {} as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const operation of OPERATIONS)
    remote[operation] = (...args) => {
      if (TOLD.has(operation)) {
        // a worker draining after the primary has gone loses the entry rather than failing (the callback keeps
        // a closed channel from becoming an 'error' event of the process)
        process.send!({ type: ASK, operation: operation as Operation, args } satisfies Ask, undefined, {}, () => {});
        return Promise.resolve();
      }
      const id = ++asked;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error("the primary process did not answer for the sandbox's books"));
        }, ANSWER_TIMEOUT_MS);
        waiting.set(id, (answer) => {
          clearTimeout(timer);
          if (answer.errors) reject(new ApiError(answer.errors));
          else if (answer.failure !== undefined) reject(new Error(answer.failure));
          else resolve(answer.result);
        });
        process.send!(
          { type: ASK, id, operation: operation as Operation, args } satisfies Ask,
          undefined,
          {},
          (err) => {
            if (!err) return;
            clearTimeout(timer);
            waiting.delete(id);
            reject(err);
          },
        );
      });
    };
  return remote as unknown as Access;
}

/** In the primary process of `tase serve --workers N`: keeps the books and answers the workers. */
export function serveSandboxBooks(): void {
  let books: Books | undefined;
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<Ask>(message, ASK)) return;
    books ??= new Books();
    let answer: Omit<Answer, 'type' | 'id'>;
    try {
      answer = { result: perform(books, message.operation, message.args) };
    } catch (err) {
      answer = err instanceof ApiError ? { errors: err.items } : { failure: (err as Error).message };
    }
    if (message.id !== undefined) worker.send({ type: ANSWER, id: message.id, ...answer } satisfies Answer);
  });
}
