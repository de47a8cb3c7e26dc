// File uploads (`multipart/form-data`) on the routes that declare them in `schema.consumes`. The parts are read
// before validation: text fields become the body's fields (a field holding a JSON object — sent as
// `application/json` or as plain text — becomes that object, so the route's body schema validates it as any
// JSON body), and each file part becomes the body field of its name holding the file's name, its bytes kept
// aside for the handler (`uploadedFile`). The route's schema documents the file field as binary.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseJson } from './json.ts';
import { apiError } from './errors.ts';
import type { RouteDef } from './route.ts';
import { watchUpload } from './body.ts';

export interface UploadedFile {
  /** The name the client gave the file (not trusted for its type). */
  fileName: string;
  bytes: Buffer;
}

const MULTIPART = 'multipart/form-data';
const uploads = new WeakMap<FastifyRequest, Map<string, UploadedFile>>();

/** The file sent in the multipart field `field` of the request, read in full. */
export function uploadedFile(request: FastifyRequest, field: string): UploadedFile | undefined {
  return uploads.get(request)?.get(field);
}

/** Whether a route takes files (declares `multipart/form-data` in `schema.consumes`). */
export function takesUploads(def: RouteDef): boolean {
  return def.schema.consumes?.includes(MULTIPART) ?? false;
}

function consumesMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.includes(MULTIPART) ?? false;
}

function fieldValue(value: unknown): unknown {
  if (typeof value !== 'string' || !value.trimStart().startsWith('{')) return value;
  try {
    return parseJson(value);
  } catch (err) {
    throw apiError('MALFORMED_JSON', undefined, { detail: (err as Error).message });
  }
}

/** What the upload parser throws, in the error body: a file over the limit, or a malformed message. */
function uploadError(err: unknown, fileSizeLimit: number): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return apiError('FILE_TOO_LARGE', undefined, { limit: fileSizeLimit });
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return apiError('MALFORMED_JSON', undefined, { detail: 'a field' });
  if (err instanceof Error && 'items' in err) return err;
  return apiError('MALFORMED_MULTIPART', undefined, { reason: code ?? (err as Error).message });
}

/**
 * Registers the upload parser; `fileSizeLimit` bounds each file (larger: 400 FILE_TOO_LARGE). A route that does
 * not declare multipart answers 415 to it, and one that does answers 415 to any other content type.
 */
export async function installMultipart(app: FastifyInstance, options: { fileSizeLimit: number }): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: options.fileSizeLimit, files: 4, fields: 16, fieldSize: 1024 * 1024, parts: 20 },
  });
  app.addHook('preValidation', async (request) => {
    const wanted = consumesMultipart(request);
    const sent = request.isMultipart();
    if (!wanted && !sent) return;
    if (wanted !== sent) {
      throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, {
        contentType: request.headers['content-type'] ?? 'none',
        expected: wanted ? MULTIPART : 'application/json',
      });
    }
    const body: Record<string, unknown> = {};
    const files = new Map<string, UploadedFile>();
    const read = async () => {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.mimetype.startsWith('application/json')) {
          // a JSON field sent as a file part (as browsers' FormData send a Blob)
          body[part.fieldname] = fieldValue((await part.toBuffer()).toString('utf8'));
        } else if (part.type === 'file') {
          const bytes = await part.toBuffer();
          files.set(part.fieldname, { fileName: part.filename, bytes });
          body[part.fieldname] = part.filename || part.fieldname;
        } else {
          body[part.fieldname] = fieldValue(part.value);
        }
      }
    };
    // the watch starts in the same tick as the parser, so it counts every byte: the body is refused the moment
    // it passes the route's limit or its time, not once it is all held in memory
    const watch = watchUpload(request);
    const reading = read();
    try {
      await (watch ? Promise.race([reading, watch]) : reading);
    } catch (err) {
      reading.catch(() => undefined);
      throw uploadError(err, options.fileSizeLimit);
    }
    uploads.set(request, files);
    request.body = body;
  });
}
