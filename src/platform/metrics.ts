// Prometheus metrics at GET /metrics (text exposition format, no token: serve it on a network the scraper
// reaches and the public does not, or filter the path at the proxy). Counters of this process live in one
// registry; the figures read from the database (outbox depth, failed deliveries) and the connection pool are
// gauges of each app. Under `tase serve --workers N` a scrape answered by any worker asks the primary process,
// which gathers every worker's figures (prom-client's cluster aggregation): counters and histograms are summed,
// database figures taken once (max).
import cluster from 'node:cluster';
import { sql } from 'kysely';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/index.ts';
import { DurationHistogram, type DurationSeries } from './duration-histogram.ts';

const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'tase_' });

/** Requests answered per method, route and status since the last scrape: counted into the counter when it is read. */
const answered: { labels: { method: string; route: string; status: string }; count: number }[] = [];

// read by scrapes only (its collect takes the counts)
new Counter({
  name: 'tase_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [processRegistry],
  collect() {
    for (const series of answered) {
      if (series.count === 0) continue;
      this.inc(series.labels, series.count);
      series.count = 0;
    }
  },
});

const latency = new DurationHistogram(
  'tase_http_request_duration_seconds',
  'Time from a request arriving to its answer being sent, by method and route pattern.',
  [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  [processRegistry],
);

/** Ledger receipts booked (new receipts; replacements of a document's receipt are not counted). */
export const postedReceipts = new Counter({
  name: 'tase_ledger_receipts_posted_total',
  help: 'Ledger receipts posted by this service.',
  registers: [processRegistry],
});

/** Delivery attempts of webhook messages that did not get a 2xx answer. */
export const failedDeliveries = new Counter({
  name: 'tase_webhook_delivery_failures_total',
  help: 'Webhook delivery attempts that failed (no answer, or an answer other than 2xx).',
  registers: [processRegistry],
});

/** Gauges of one app: its connection pool and what the database holds. */
function appRegistry(database: DatabaseHandle): Registry {
  const registry = new Registry();
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'tase_db_pool_connections',
      help: 'Database connections of the pool, by state (idle, in use) and its maximum.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const usage = pool();
        this.set({ state: 'idle' }, usage.idle);
        this.set({ state: 'in_use' }, usage.total - usage.idle);
        this.set({ state: 'max' }, usage.max);
      },
    });
    new Gauge({
      name: 'tase_db_pool_waiting',
      help: 'Queries waiting for a free connection of the pool.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  // One query a scrape for both gauges; it counts the whole outbox across companies (an operator's figure).
  let outbox: Promise<{ status: string; messages: number | string; companies: number | string }[]> | undefined;
  const readOutbox = () =>
    (outbox ??= sql<{ status: string; messages: number | string; companies: number | string }>`
      select status, count(*) as messages, count(distinct company_id) as companies from webhook_deliveries
      where status in ('PENDING', 'FAILED') group by status`
      .execute(database.db)
      .then((result) => result.rows)
      .finally(() => setTimeout(() => (outbox = undefined), 1000).unref()));
  const outboxGauge = (name: string, help: string, figure: 'messages' | 'companies') =>
    new Gauge({
      name,
      help,
      labelNames: ['status'] as const,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        const rows = await readOutbox();
        for (const status of ['PENDING', 'FAILED'])
          this.set({ status }, Number(rows.find((r) => r.status === status)?.[figure] ?? 0));
      },
    });
  outboxGauge(
    'tase_webhook_outbox_messages',
    'Webhook messages in the outbox: PENDING (the depth: waiting for delivery) and FAILED (given up).',
    'messages',
  );
  outboxGauge(
    'tase_webhook_outbox_companies',
    'Companies with webhook messages in the outbox, by status.',
    'companies',
  );
  return registry;
}

const METRICS_REQUEST = 'tase:metrics-request';
const METRICS_ANSWER = 'tase:metrics-answer';

interface MetricsMessage {
  type: string;
  id: number;
  text?: string;
  error?: string;
}

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' && message !== null && typeof (message as MetricsMessage).type === 'string';

/** In the primary process of `tase serve --workers N`: answers workers' scrapes with every worker's figures. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (err: Error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: err.message }),
    );
  });
}

let asked = 0;
const waiting = new Map<number, (answer: MetricsMessage) => void>();

/** A worker's scrape: the primary gathers the figures of all workers (this one included). */
function clusterScrape(): Promise<string> {
  if (waiting.size === 0)
    process.on('message', (message: unknown) => {
      if (!isMetricsMessage(message) || message.type !== METRICS_ANSWER) return;
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    });
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer with the metrics'));
    }, 10_000);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics'));
    });
    process.send!({ type: METRICS_REQUEST, id });
  });
}

export function installMetrics(app: FastifyInstance, database: DatabaseHandle): void {
  const own = appRegistry(database);
  const inCluster = cluster.isWorker && process.send !== undefined;
  // every worker answers the primary's gathering with this process's counters and this app's gauges
  if (inCluster) {
    // constructing one installs the worker's side of prom-client's gathering (answers the primary's requests)
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([processRegistry, own]);
  }
  const registry = Registry.merge([processRegistry, own]);

  // Each route counts its own answers (a hook added to it as it is registered), so a request costs no lookup of
  // its route's name or of its series by a made-up key; prom-client's labelled children hash their labels on every
  // call, so the count is kept in a plain number until a scrape reads the counter.
  const measure = (route: string) => {
    type Series = { answered: (typeof answered)[number]; time: DurationSeries };
    const byMethod = new Map<string, Map<number, Series>>();
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const method = request.method;
      const status = reply.statusCode;
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
      let series = byStatus.get(status);
      if (!series) {
        // the statuses of one method and route share its duration series (series() answers the same one)
        const time = latency.series({ method, route });
        series = { answered: { labels: { method, route, status: String(status) }, count: 0 }, time };
        answered.push(series.answered);
        byStatus.set(status, series);
      }
      series.answered.count++;
      latency.observe(series.time, reply.elapsedTime / 1000);
      done();
    };
  };
  app.addHook('onRoute', (options) => {
    const own = measure(options.url);
    const hooks = options.onResponse;
    options.onResponse = hooks === undefined ? [own] : [...(Array.isArray(hooks) ? hooks : [hooks]), own];
  });
  // requests no route took (answered 404 or 405)
  const unmatched = measure('unmatched');
  app.addHook('onResponse', (request, reply, done) => (request.is404 ? unmatched(request, reply, done) : done()));

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const text = inCluster ? await clusterScrape() : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
