// A per-process cache of rows read from the database, exact where the engine lets us know about every change
// (see ChangeStamps): an entry is used only while no write to the tables it depends on can have happened, in
// this process or another. Where that cannot be known (PostgreSQL), nothing is cached and every read goes to
// the database.
import type { ChangeStamps } from './changes.ts';

export class ReadCache<V, K extends string | number = string> {
  readonly #changes: ChangeStamps;
  readonly #tables: readonly string[];
  readonly #limit: number;
  readonly #entries = new Map<K, { stamp: string; value: V }>();

  constructor(changes: ChangeStamps, tables: readonly string[], limit = 10_000) {
    this.#changes = changes;
    this.#tables = tables;
    this.#limit = limit;
  }

  /** The cached value while still current; undefined when it has to be read. */
  peek(key: K): V | undefined {
    const stamp = this.#changes.stamp(this.#tables);
    if (stamp === null) return undefined;
    const entry = this.#entries.get(key);
    return entry && entry.stamp === stamp ? entry.value : undefined;
  }

  /** True when entries can be trusted now (false where the engine cannot tell of every change). */
  get active(): boolean {
    return this.#changes.stamp(this.#tables) !== null;
  }

  /**
   * Reads many through the cache: the ones not cached with one `load` of their keys, which answers those it
   * found by key. In the order of `keys`; undefined where not found.
   */
  async getMany(keys: readonly K[], load: (missing: K[]) => Promise<Map<K, V>>): Promise<(V | undefined)[]> {
    const stamp = this.#changes.stamp(this.#tables);
    const out = new Array<V | undefined>(keys.length);
    const missing: K[] = [];
    for (let i = 0; i < keys.length; i++) {
      const entry = stamp === null ? undefined : this.#entries.get(keys[i]);
      if (entry && entry.stamp === stamp) out[i] = entry.value;
      else missing.push(keys[i]);
    }
    if (missing.length === 0) return out;
    const loaded = await load(missing);
    for (let i = 0; i < keys.length; i++) {
      if (out[i] !== undefined) continue;
      const value = loaded.get(keys[i]);
      out[i] = value;
      if (stamp !== null && value !== undefined) this.#remember(keys[i], stamp, value);
    }
    return out;
  }

  /** Keeps `value` as current now (a value that depends on nothing read, e.g. that a key was asked for). */
  put(key: K, value: V): void {
    const stamp = this.#changes.stamp(this.#tables);
    if (stamp !== null) this.#remember(key, stamp, value);
  }

  #remember(key: K, stamp: string, value: V): void {
    if (this.#entries.size >= this.#limit) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { stamp, value });
  }

  /** Reads through the cache; `load` answering undefined (not found) is not cached. */
  async get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    // the stamp is taken before reading, so a write racing the read leaves the entry stale, never wrong
    const stamp = this.#changes.stamp(this.#tables);
    if (stamp !== null) {
      const entry = this.#entries.get(key);
      if (entry && entry.stamp === stamp) return entry.value;
    }
    const value = await load();
    if (stamp !== null && value !== undefined) this.#remember(key, stamp, value);
    return value;
  }
}
