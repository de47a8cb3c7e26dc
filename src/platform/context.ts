import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db, Engine } from '../db/index.ts';

/** What every area's routes and services are built from. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  clock: Clock;
  /** Key that signs access tokens. */
  signingKey: Uint8Array;
  /** Issuer of tokens and root of links: the service root URL. */
  issuer: string;
}
