import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Db, Engine } from '../db/index.ts';
import type { ChangeStamps } from '../db/changes.ts';
import type { CompanyRegister } from './company-register.ts';

/** A user who has just joined a company (a new membership). */
export interface NewMember {
  companyId: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** The company setup the areas declare (src/platform/company-setup.ts), run in the caller's transaction. */
export interface CompanySetup {
  /** Runs every company step for a company. */
  company(trx: Db, companyId: number): Promise<void>;
  /** Runs every step for a user who has just joined a company. */
  member(trx: Db, member: NewMember): Promise<void>;
}

/** What every area's routes and services are built from. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Where reports and the SIE export read: the replica of DATABASE_READ_URL, else `db` (never for a read of own writes). */
  readDb: Db;
  engine: Engine;
  /** When per-process caches of database state may be stale (see src/db/changes.ts). */
  changes: ChangeStamps;
  clock: Clock;
  /** Key that signs access tokens. */
  signingKey: Uint8Array;
  /** Issuer of tokens and root of links: the service root URL. */
  issuer: string;
  /** The company setup the areas declare (src/modules.ts): run when a company is created or a user joins one. */
  companySetup: CompanySetup;
  /** The tenant register's reads, provided by the company area (src/platform/company-register.ts). */
  companies: CompanyRegister;
}
