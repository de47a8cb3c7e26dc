// An endpoint is declared once, as data: method, path, the API version it appeared in, the right it needs,
// its schemas (validation + OpenAPI) and its handler. The app registers it under every version that has it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { RightRequirement, Rights } from './rights.ts';

export interface RequestAuth {
  companyId: number;
  userId: number;
  clientId: string;
  sessionId: number;
  tokenId: string;
  /** How the session was obtained: machine-to-machine tokens cannot confirm two-factor actions. */
  grant: 'client_credentials' | 'authorization_code';
  authTime: number;
  rights: Rights;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
    /** API version (`YY.MM`) serving this request. */
    apiVersion?: string;
  }
  interface FastifyContextConfig {
    route?: RouteDef;
  }
}

export interface RouteSchemas {
  /** Request content types other than JSON, for the OpenAPI document. */
  consumes?: string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response?: Record<number, TSchema>;
}

type StaticOf<T> = T extends TSchema ? Static<T> : undefined;

export interface RouteRequest<RS extends RouteSchemas> {
  params: StaticOf<RS['params']>;
  query: StaticOf<RS['querystring']>;
  body: StaticOf<RS['body']>;
  /** Set on every route whose `auth` is not 'none'. */
  auth: RequestAuth;
  apiVersion: string;
  raw: FastifyRequest;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef<RS extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** Path below the API base, e.g. `/products/:productIds`. */
  path: string;
  /** First API version with this endpoint (default: every version). */
  since?: string;
  /** First API version without it. */
  removedIn?: string;
  /** 'bearer' (default): an access token is required. */
  auth?: 'bearer' | 'none';
  /** The user right the endpoint needs; null for endpoints any authenticated user may call. */
  right: RightRequirement | null;
  summary: string;
  description?: string;
  tags: string[];
  deprecated?: boolean;
  /** Left out of the OpenAPI document (e.g. the document itself). */
  hidden?: boolean;
  operationId?: string;
  schema: RS;
  handler(request: RouteRequest<RS>, reply: FastifyReply): unknown;
}

/** Declares an endpoint; the generic keeps the handler typed by its schemas. */
export function route<RS extends RouteSchemas>(def: RouteDef<RS>): RouteDef {
  return def as unknown as RouteDef;
}

export function view(leaf: RightRequirement['leaf']): RightRequirement {
  return { leaf, level: 'view' };
}

export function edit(leaf: RightRequirement['leaf']): RightRequirement {
  return { leaf, level: 'edit' };
}
