import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { DurationHistogram } from './duration-histogram.ts';

const BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const NAME = 'tase_test_duration_seconds';
const HELP = 'Durations.';

const observation = fc.record({
  method: fc.constantFrom('GET', 'POST', 'DELETE'),
  route: fc.constantFrom('/a', '/b/:id', 'unmatched', 'with "quote"'),
  // on the bounds too (a value equal to a bound is in that bucket), and over the last one
  seconds: fc.oneof(fc.constantFrom(...BOUNDS, 0, 7.5), fc.double({ min: 0, max: 10, noNaN: true })),
});

/** The same observations into prom-client's Histogram and into DurationHistogram, each in a registry of its own. */
function bothWays(observations: { method: string; route: string; seconds: number }[]) {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  const ours = new Registry();
  const durations = new DurationHistogram(NAME, HELP, BOUNDS, [ours]);
  for (const { method, route, seconds } of observations) {
    histogram.labels(method, route).observe(seconds);
    durations.observe(durations.series({ method, route }), seconds);
  }
  return { theirs, ours, durations };
}

/** What a worker sends the primary, without prom-client's fields that the aggregation does not read. */
async function asSent(registry: Registry) {
  const metrics = (await registry.getMetricsAsJSON()) as unknown as { values: Record<string, unknown>[] }[];
  return metrics.map((metric) => ({
    ...metric,
    values: metric.values.map(({ labels, value, metricName }) => ({ labels, value, metricName })),
  }));
}

describe('the requests duration histogram', () => {
  it("writes prom-client's Histogram's exposition text and JSON for any observations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const { theirs, ours } = bothWays(observations);
        expect(await ours.metrics()).toBe(await theirs.metrics());
        expect(await asSent(ours)).toEqual(await asSent(theirs));
      }),
    );
  });

  it('sums across workers as the cluster aggregation sums a Histogram', async () => {
    const first = [
      { method: 'GET', route: '/a', seconds: 0.002 },
      { method: 'GET', route: '/a', seconds: 3 },
    ];
    const second = [
      { method: 'GET', route: '/a', seconds: 0.0025 },
      { method: 'POST', route: '/b/:id', seconds: 9 },
    ];
    const aggregated = async (pick: 'theirs' | 'ours') =>
      AggregatorRegistry.aggregate([
        (await bothWays(first)[pick].getMetricsAsJSON()) as never,
        (await bothWays(second)[pick].getMetricsAsJSON()) as never,
      ]).metrics();
    const text = await aggregated('ours');
    expect(text).toBe(await aggregated('theirs'));
    expect(text).toContain(`${NAME}_bucket{le="0.0025",method="GET",route="/a"} 2`);
    expect(text).toContain(`${NAME}_count{method="GET",route="/a"} 3`);
    expect(text).toContain(`${NAME}_bucket{le="5",method="POST",route="/b/:id"} 0`);
  });

  it('answers the same series for the same label values, and forgets counts on reset', async () => {
    const { ours, durations } = bothWays([{ method: 'GET', route: '/a', seconds: 0.01 }]);
    expect(durations.series({ route: '/a', method: 'GET' })).toBe(durations.series({ method: 'GET', route: '/a' }));
    expect(await ours.metrics()).toContain(`${NAME}_count{method="GET",route="/a"} 1`);
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain(`${NAME}_count`);
  });
});
