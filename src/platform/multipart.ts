// File uploads (`multipart/form-data`) on the routes that declare them in `schema.consumes`. The parts are read
// before validation: text fields become the body's fields (a field holding a JSON object — sent as
// `application/json` or as plain text — becomes that object, so the route's body schema validates it as any
// JSON body), and each file part becomes the body field of its name holding the file's name. A file's bytes go
// to a temporary file (owner-only) as they arrive, never held in memory while a client sends them; the handler
// reads them once the whole body is in (`uploadedFile`), and the file is deleted when the answer is sent. The
// body is counted as it arrives and refused the moment it passes the route's limit (body.ts). The route's schema
// documents the file field as binary.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { parseJson } from './json.ts';
import { apiError } from './errors.ts';
import type { RouteDef } from './route.ts';
import { watchUpload } from './body.ts';

export interface UploadedFile {
  /** The name the client gave the file (not trusted for its type). */
  fileName: string;
  /** Bytes received. */
  size: number;
  /** The bytes, from the temporary file. */
  read(): Promise<Buffer>;
}

/** Where files being uploaded wait (one folder per process, owner-only). */
export const UPLOAD_SPOOL_DIR = join(tmpdir(), `tase-uploads-${process.pid}`);

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
  // a callback hook: the requests that neither send nor take files (nearly all) pass without a promise
  app.addHook('preValidation', (request, reply, done) => {
    const wanted = consumesMultipart(request);
    const sent = request.isMultipart();
    if (!wanted && !sent) return done();
    readUpload(request, reply, wanted, sent, options.fileSizeLimit).then(() => done(), done);
  });
}

/** Reads a multipart body into `request.body` (its fields) and its files (spooled to disk until the answer). */
async function readUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  wanted: boolean,
  sent: boolean,
  fileSizeLimit: number,
): Promise<void> {
  if (wanted !== sent) {
    throw apiError('UNSUPPORTED_MEDIA_TYPE', undefined, {
      contentType: request.headers['content-type'] ?? 'none',
      expected: wanted ? MULTIPART : 'application/json',
    });
  }
  const body: Record<string, unknown> = {};
  const files = new Map<string, UploadedFile>();
  const spooled: string[] = [];
  // the temporary files go with the answer, whatever it is
  const removeSpooled = () => Promise.all(spooled.map((path) => rm(path, { force: true }))).then(() => undefined);
  reply.raw.once('close', () => void removeSpooled());
  await mkdir(UPLOAD_SPOOL_DIR, { recursive: true, mode: 0o700 });
  const read = async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.mimetype.startsWith('application/json')) {
        // a JSON field sent as a file part (as browsers' FormData send a Blob)
        body[part.fieldname] = fieldValue((await part.toBuffer()).toString('utf8'));
      } else if (part.type === 'file') {
        const path = join(UPLOAD_SPOOL_DIR, randomBytes(12).toString('hex'));
        spooled.push(path);
        let size = 0;
        part.file.on('data', (chunk: Buffer) => (size += chunk.length));
        await pipeline(part.file, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
        if (part.file.truncated) throw Object.assign(new Error('file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
        files.set(part.fieldname, { fileName: part.filename, size, read: () => readFile(path) });
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
    throw uploadError(err, fileSizeLimit);
  }
  uploads.set(request, files);
  request.body = body;
}
