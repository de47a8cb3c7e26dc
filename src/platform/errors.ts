// The one catalogue of errors Tase answers. Handlers throw by code; one error handler renders
// {errors:[{status,message,field}]}. Business-rule codes are sent as the message itself (as the real
// service does, e.g. CLOSED_FISCAL_PERIOD), transport errors carry a sentence.

export interface ErrorItem {
  status: number;
  message: string;
  field?: string;
}

interface CatalogueEntry {
  status: number;
  /** Message text; `{name}` placeholders are filled from params. Defaults to the code itself. */
  message?: string;
}

export const ERRORS = {
  // transport and conventions
  VALIDATION_FAILED: { status: 400, message: '{detail}' },
  REQUIRED_FIELD_MISSING: { status: 400, message: "Value of the '{field}' cannot be blank." },
  UNKNOWN_FIELD: { status: 400, message: "Unknown field '{field}'." },
  INVALID_CHARACTERS: { status: 400, message: "Value of the '{field}' contains characters outside the Windows-1252 character set." },
  MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON: {detail}' },
  EMPTY_BODY: { status: 400, message: 'The request body is empty; a JSON body is required.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Content type '{contentType}' is not supported; use {expected}." },
  BODY_TOO_LARGE: { status: 413, message: 'The request body exceeds {limit} bytes.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'No endpoint {method} {path}.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method {method} is not allowed on {path}; allowed: {allowed}.' },
  TOO_MANY_BATCH_IDS: { status: 400, message: 'At most {max} ids may be requested at once; got {count}.' },
  INVALID_ID: { status: 400, message: "'{value}' is not a valid id." },
  PAGE_SIZE_TOO_LARGE: { status: 400, message: 'Page size must be between 1 and {max}.' },
  NOT_FOUND: { status: 404, message: '{resource} not found.' },
  READ_ONLY_FIELD_CHANGED: { status: 400, message: "Field '{field}' is read-only; it must be left out or equal the stored value." },
  STALE_VERSION: { status: 400, message: 'The resource has been changed by someone else (version {sent} is not the current version {current}); fetch it and try again.' },
  API_VERSION_UNSUPPORTED: { status: 410, message: 'API version {version} reached the end of its support on {date}; use {alternatives}.' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error; the request may be retried with a growing delay.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests: at most {limit} requests per {window} seconds per client.' },

  // authentication and access
  UNAUTHORIZED: { status: 401, message: 'Missing, expired or invalid access token.' },
  FORBIDDEN: { status: 403, message: 'Insufficient user rights: {right} is needed.' },
  TWO_FACTOR_NEEDS_PERSON: { status: 403, message: 'This action needs two-factor confirmation, which a machine-to-machine token cannot give; use the authorization code flow.' },

  // products and groups
  TRAVEL_PRODUCT_CANNOT_BE_DELETED: { status: 400 },
  TRAVEL_PRODUCT_GROUP_CANNOT_BE_DELETED: { status: 400 },
  PRODUCT_GROUP_HAS_PRODUCTS: { status: 409, message: 'PRODUCT_GROUP_HAS_PRODUCTS: the group still holds products {productIds}.' },
  FIELD_ONLY_FOR_TRAVEL_PRODUCTS: { status: 400 },
  PRODUCT_GROUP_TYPE_MISMATCH: { status: 400 },
  PRODUCT_TYPE_CANNOT_BE_CHANGED: { status: 400 },
  START_DATE_AFTER_END_DATE: { status: 400 },
  PRODUCT_GROUP_NOT_FOUND: { status: 400 },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;

export type ErrorParams = Record<string, string | number | undefined>;

export function errorItem(code: ErrorCode, field?: string, params: ErrorParams = {}): ErrorItem {
  const entry: CatalogueEntry = ERRORS[code];
  const template = entry.message ?? code;
  const message = template.replace(/\{(\w+)\}/g, (_, name: string) => String(name === 'field' ? field ?? params.field ?? '' : params[name] ?? ''));
  const item: ErrorItem = { status: entry.status, message };
  if (field !== undefined) item.field = field;
  return item;
}

/** An error answered to the client. Several items are reported together (all validation failures at once). */
export class ApiError extends Error {
  readonly status: number;
  readonly items: ErrorItem[];
  readonly headers: Record<string, string>;

  constructor(items: ErrorItem[], headers: Record<string, string> = {}) {
    super(items.map((i) => i.message).join('; '));
    this.status = items.reduce((s, i) => (s === 0 ? i.status : s), 0) || 400;
    this.items = items;
    this.headers = headers;
  }
}

export function apiError(code: ErrorCode, field?: string, params?: ErrorParams): ApiError {
  return new ApiError([errorItem(code, field, params)]);
}

export function notFound(resource: string): ApiError {
  return apiError('NOT_FOUND', undefined, { resource });
}

/** Collects rule violations so that all of them are reported in one answer. */
export class Violations {
  readonly items: ErrorItem[] = [];
  add(code: ErrorCode, field?: string, params?: ErrorParams): this {
    this.items.push(errorItem(code, field, params));
    return this;
  }
  get empty(): boolean {
    return this.items.length === 0;
  }
  throwIfAny(): void {
    if (this.items.length > 0) throw new ApiError(this.items);
  }
}

/** An OAuth 2.0 protocol error (RFC 6749 §5.2), answered by the token endpoint in OAuth's own JSON shape. */
export class OAuthError extends Error {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
  }
}
