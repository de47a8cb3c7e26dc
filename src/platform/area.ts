// What an area of the service declares to the rest of it (ARCHITECTURE.md): its descriptor, exported by the
// area's index.ts and listed once in src/modules.ts. Everything central is derived from that list: the services
// and their wiring, the routes, the OpenAPI tags, the migrations, the company setup, housekeeping purges and
// background work. The table lists say which area owns (alone writes) each table.
import type { Migration, OperandExpression } from 'kysely';
import type { Db } from '../db/index.ts';
import type { PurgeBatch } from '../db/purge.ts';
import type { AppContext, NewMember } from './context.ts';
import type { RouteDef } from './route.ts';
import type { RightLeaf } from './rights.ts';
import type { RootRouteDef } from './root-routes.ts';
import type { ApiExamples } from './openapi-examples.ts';
import type { AdminCommand } from './admin-commands.ts';
import type { CompanyRegister } from './company-register.ts';
import type { ATTACHMENT_REFERENCE_TYPES, ATTACHMENT_SEARCH_TYPES } from '../domain/real-vocabularies.ts';

export type { NewMember } from './context.ts';

/**
 * One step of setting up a company (its chart of accounts, a fiscal year, VAT defaults, …). Runs inside the
 * transaction that creates the company and, for companies that existed before the step did, once from the
 * backfill at start (src/platform/company-setup.ts). It must be idempotent: do nothing when its data is there.
 */
type CompanyStep = (trx: Db, companyId: number, ctx: AppContext) => Promise<void>;

/** Work an area does when a user joins a company (e.g. the user's person in the register); in the same transaction. */
type MemberStep = (trx: Db, member: NewMember, ctx: AppContext) => Promise<void>;

export type CompanyPurge = (db: Db, companyId: number, batch: PurgeBatch) => Promise<number>;
export type GlobalPurge = (db: Db, batch: PurgeBatch) => Promise<number>;

/** Work running beside the HTTP server (started by buildApp, stopped when the app closes). */
export interface BackgroundTask {
  start(logger: { warn(data: object, message: string): void }): void;
  stop(): Promise<void>;
}

/**
 * A kind of document files can be attached to (`Attachment.referenceType`), declared by the area owning those
 * documents; the attachments area finds the declarations in the module list.
 */
export interface AttachmentTarget {
  /**
   * The right over the documents: viewing rights to read their attachments, all rights to change them. A
   * function when it depends on the document (an invoice's type); undefined when document `id` does not exist.
   */
  right: RightLeaf | ((db: Db, companyId: number, id: number) => Promise<RightLeaf | undefined>);
  /** Whether document `id` exists in the company (run in the transaction that attaches a file). */
  exists(db: Db, companyId: number, id: number): Promise<boolean>;
  /**
   * What a search of attachments (`GET /attachments`) may ask for by kind: each kind of these documents with the
   * right to view it, and, when the documents are of several kinds, a query of the ids of the kind's documents
   * in the company. With a `right` that depends on the document, the kinds must cover every document: a caller
   * who may view only some kinds finds the attachments of those.
   */
  kinds: Partial<Record<AttachmentSearchType, AttachmentKind>>;
}

interface AttachmentKind {
  right: RightLeaf;
  /** A query of the ids of this kind's documents; left out, the kind is every document of the reference type. */
  ids?: (db: Db, companyId: number) => OperandExpression<number>;
}

export type AttachmentReferenceType = (typeof ATTACHMENT_REFERENCE_TYPES)[number];
export type AttachmentSearchType = (typeof ATTACHMENT_SEARCH_TYPES)[number];

export interface ApiTag {
  name: string;
  description: string;
}

/**
 * An area. `Service` is what the area answers to the others (its face); `Deps` the services of other areas it
 * is built from, named as in the module list (the list checks at compile time that they match).
 */
export interface Area<Name extends string = string, Service = unknown, Deps = unknown> {
  name: Name;
  /** OpenAPI tags this area introduces (in the order of the document). */
  tags?: readonly ApiTag[];
  /** Tables the area owns: only its own code writes them. `global` ones are not keyed by company. */
  tables?: { company?: readonly string[]; global?: readonly string[] };
  /** Its migrations; names are global and sort in the order they run (never rename a released one). */
  migrations?: Record<string, Migration>;
  create(ctx: AppContext, deps: Deps, areas: readonly AnyArea[]): Service;
  routes?(service: Service, ctx: AppContext, deps: Deps): RouteDef[];
  /** The rights leaves its routes require (each route's `right` must name one of these; a test checks it). */
  rights?: readonly RightLeaf[];
  /** Pages and endpoints at the service root, outside the versioned API. */
  rootRoutes?(service: Service, ctx: AppContext, deps: Deps): RootRouteDef[];
  /** Its step of company setup; steps run in module-list order. */
  initCompany?: CompanyStep;
  initMember?: MemberStep;
  /** Deletes of expired rows run by housekeeping, by count name. */
  purge?: { company?: Record<string, CompanyPurge>; global?: Record<string, GlobalPurge> };
  tasks?(service: Service): BackgroundTask[];
  /** The documents of this area files can be attached to, by reference type. */
  attachmentTargets?: Partial<Record<AttachmentReferenceType, AttachmentTarget>>;
  /** Its `tase admin` commands (its admin-commands.ts), listed in `tase --help` in module-list order. */
  adminCommands?: readonly AdminCommand<NoInfer<Service>>[];
  /** Examples of its routes' request bodies and answers for the OpenAPI document, by operationId (its examples.ts). */
  examples?: ApiExamples;
  /** The reads of the tenant register for the areas below it (`ctx.companies`); only the company area has it. */
  companyRegister?: CompanyRegister;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyArea = Area<string, any, any>;

/** Declares an area (keeps its name literal, so the module list can type the services by name). */
export function defineArea<const Name extends string, Service, Deps = unknown>(
  area: Area<Name, Service, Deps>,
): Area<Name, Service, Deps> {
  return area;
}
