import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db, Engine } from '../db/index.ts';
import type { ChangeStamps } from '../db/changes.ts';

/** What every area's routes and services are built from. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  /** When per-process caches of database state may be stale (see src/db/changes.ts). */
  changes: ChangeStamps;
  clock: Clock;
  /** Key that signs access tokens. */
  signingKey: Uint8Array;
  /** Issuer of tokens and root of links: the service root URL. */
  issuer: string;
}
