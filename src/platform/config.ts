// Configuration comes from environment variables only (documented in docs/configuration.md).
import { isIP } from 'node:net';

export type Mode = 'sandbox' | 'production';

export interface Config {
  mode: Mode;
  host: string;
  port: number;
  /** `postgres://…`, a SQLite file path, or `:memory:`. */
  databaseUrl: string;
  /**
   * A streaming replica (hot standby) of that database, for long reads that need not see a request's own
   * writes: reports and the SIE export. None: they read the primary.
   */
  databaseReadUrl?: string;
  /**
   * A direct connection to the DATABASE_URL database when that goes through a pooler in transaction mode: for
   * LISTEN (the caches' change notices) and the backup tools.
   */
  databaseDirectUrl?: string;
  /** Secret that signs access tokens (HS256). Required in production. */
  signingSecret?: string;
  /** Public address of the service root, used as token issuer and in printed links. */
  publicUrl?: string;
  /** Requests per second per client. */
  rateLimitPerSecond: number;
  /** Bytes of a request body (JSON, XML, files); routes taking documents declare more. */
  bodyLimitBytes: number;
  /** Time for a request's line and headers to arrive. */
  headersTimeoutMs: number;
  /** Time for a body of up to bodyLimitBytes to arrive, once its headers have. */
  bodyTimeoutMs: number;
  /** Time for the body of a route taking larger documents (bank files, attachments, Finvoice messages). */
  documentTimeoutMs: number;
  logLevel: string;
  /** Validate every response against its documented schema (on in tests). */
  validateResponses: boolean;
  /** Name of the webhook signature header (default `X-Tase-Signature`). */
  webhookSignatureHeader?: string;
  /** Let webhooks reach loopback, private and link-local addresses in production mode (default false). */
  webhookAllowPrivate?: boolean;
  /** Seconds between two passes of the housekeeping task (default 600; 0: no periodic pass). */
  housekeepingIntervalSeconds?: number;
  /** Address of the ECB euro reference rates (eurofxref-daily.xml format) fetched on a schedule; none: no fetching. */
  ratesUrl?: string;
  /** Seconds between two fetches of `ratesUrl` (default 3600). */
  ratesIntervalSeconds?: number;
  /** Directory holding attached files; none: they are kept in the database. */
  attachmentsDir?: string;
  /** Milliseconds a large document's PDF or picture may take to render (default 30000; past it: 503). */
  renderTimeoutMs: number;
  /**
   * Milliseconds between a stop signal (SIGTERM) and closing the listener, during which readiness answers 503
   * and every answer closes its connection (default 5000 in production, 0 in the sandbox).
   */
  drainGraceMs: number;
  /** log2 of scrypt's N for new password hashes (default 17, OWASP's recommendation; 14 to 18). */
  passwordCost?: number;
  /**
   * The proxies in front whose X-Forwarded-For and X-Forwarded-Proto are believed (TLS termination): a list of
   * addresses and CIDR ranges, or a number of hops. None: the headers are ignored, the peer is the client.
   */
  trustProxy?: string[] | number;
  /**
   * Where a sandbox on an in-memory database keeps its template (the migrated and seeded database it starts
   * from); none: the system's cache folder; false (`TASE_CACHE_DIR=off`): no template, every start seeds anew.
   */
  cacheDir?: string | false;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got '${value}'`);
  return n;
}

/** A time in whole seconds, as milliseconds; at least one second (no time at all would refuse every request). */
function seconds(name: string, value: string | undefined, fallback: number): number {
  const n = integer(name, value, fallback);
  if (n < 1) throw new ConfigError(`${name} must be at least 1 second, got '${value}'`);
  return n * 1000;
}

function webhookHeader(value: string | undefined): string {
  if (value === undefined || value === '') return 'X-Tase-Signature';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(value))
    throw new ConfigError(`TASE_WEBHOOK_SIGNATURE_HEADER must be a header name (letters, digits, -), got '${value}'`);
  return value;
}

/**
 * The signing secret keys every token: 32 bytes of `a` are 32 bytes but no secret. Its entropy is estimated from
 * its characters' frequencies (Shannon, bits per character × length): 32 random hex digits reach about 115 bits,
 * 32 random base64 characters about 150, a repeated character 0, a repeated four-character pattern 64.
 */
const MIN_SECRET_BITS = 100;

function estimatedBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * characters.length;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = (env.TASE_MODE ?? 'sandbox') as Mode;
  if (mode !== 'sandbox' && mode !== 'production')
    throw new ConfigError(`TASE_MODE must be sandbox or production, got '${env.TASE_MODE}'`);
  const signingSecret = env.TASE_SIGNING_SECRET || undefined;
  if (mode === 'production') {
    if (!signingSecret) throw new ConfigError('TASE_SIGNING_SECRET is required in production mode');
    if (Buffer.byteLength(signingSecret) < 32) throw new ConfigError('TASE_SIGNING_SECRET must be at least 32 bytes');
    if (estimatedBits(signingSecret) < MIN_SECRET_BITS)
      throw new ConfigError(
        'TASE_SIGNING_SECRET looks guessable (a repeated or patterned text): use a random one, e.g. `openssl rand -base64 48`',
      );
  }
  return {
    mode,
    host: env.HOST ?? (mode === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: integer('PORT', env.PORT, 8080),
    databaseUrl: env.DATABASE_URL || './data/tase.sqlite',
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    databaseDirectUrl: env.DATABASE_DIRECT_URL || undefined,
    signingSecret,
    publicUrl: env.TASE_PUBLIC_URL || undefined,
    rateLimitPerSecond: integer('TASE_RATE_LIMIT', env.TASE_RATE_LIMIT, 60),
    bodyLimitBytes: integer('TASE_BODY_LIMIT', env.TASE_BODY_LIMIT, 2 * 1024 * 1024),
    headersTimeoutMs: seconds('TASE_HEADERS_TIMEOUT', env.TASE_HEADERS_TIMEOUT, 20),
    bodyTimeoutMs: seconds('TASE_BODY_TIMEOUT', env.TASE_BODY_TIMEOUT, 30),
    documentTimeoutMs: seconds('TASE_DOCUMENT_TIMEOUT', env.TASE_DOCUMENT_TIMEOUT, 600),
    logLevel: env.LOG_LEVEL ?? (mode === 'production' ? 'info' : 'warn'),
    validateResponses: env.TASE_VALIDATE_RESPONSES === '1',
    webhookSignatureHeader: webhookHeader(env.TASE_WEBHOOK_SIGNATURE_HEADER),
    webhookAllowPrivate: env.TASE_WEBHOOK_ALLOW_PRIVATE === '1',
    housekeepingIntervalSeconds: integer('TASE_HOUSEKEEPING_INTERVAL', env.TASE_HOUSEKEEPING_INTERVAL, 600),
    ratesUrl: env.TASE_RATES_URL || undefined,
    ratesIntervalSeconds: integer('TASE_RATES_INTERVAL', env.TASE_RATES_INTERVAL, 3600),
    attachmentsDir: env.TASE_ATTACHMENTS_DIR || undefined,
    renderTimeoutMs: integer('TASE_RENDER_TIMEOUT_MS', env.TASE_RENDER_TIMEOUT_MS, 30_000),
    drainGraceMs: integer('TASE_DRAIN_GRACE_MS', env.TASE_DRAIN_GRACE_MS, mode === 'production' ? 5000 : 0),
    passwordCost: passwordCost(env.TASE_PASSWORD_COST),
    trustProxy: trustProxy(env.TASE_TRUST_PROXY),
    cacheDir: env.TASE_CACHE_DIR === 'off' ? false : env.TASE_CACHE_DIR || undefined,
  };
}

function passwordCost(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 14 || n > 18)
    throw new ConfigError(`TASE_PASSWORD_COST must be an integer from 14 to 18 (log2 of scrypt's N), got '${value}'`);
  return n;
}

/**
 * `TASE_TRUST_PROXY`: a number of proxy hops (`1`), or the proxies' addresses and CIDR ranges, comma-separated
 * (`10.0.0.0/8,127.0.0.1`). Never "trust everyone": a client could then name any address and protocol.
 */
function trustProxy(value: string | undefined): string[] | number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) {
    const hops = Number(value.trim());
    if (hops < 1 || hops > 10) throw new ConfigError(`TASE_TRUST_PROXY hops must be 1 to 10, got '${value}'`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const ok =
      extra === undefined &&
      (isIP(address) !== 0 || address === 'loopback' || address === 'linklocal' || address === 'uniquelocal') &&
      (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 6 ? 128 : 32)));
    if (!ok)
      throw new ConfigError(
        `TASE_TRUST_PROXY takes a number of hops or addresses and CIDR ranges separated by commas, got '${entry}'`,
      );
  }
  return entries;
}
