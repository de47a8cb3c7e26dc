// Request bodies, for every route: each is read in full (and its size checked) before any handler runs, so no
// transaction or pooled connection ever waits on a client's upload; each must arrive within its time; and one over
// its route's limit is answered 413 in the error body without resetting the connection under a client still
// sending it. TASE_BODY_LIMIT bounds every body; a route taking documents (bank files, attachments) declares a
// larger `bodyLimit`. Multipart uploads are read by the upload parser (multipart.ts) as they arrive: here they are
// counted and timed, and refused the moment they pass the limit.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Socket } from 'node:net';
import { apiError, type ApiError } from './errors.ts';

export interface BodyOptions {
  /** Bytes of a body on a route that declares no larger `bodyLimit` (TASE_BODY_LIMIT). */
  limit: number;
  /** Time for the whole body of such a route to arrive. */
  timeoutMs: number;
  /** Time for the body of a route declaring a larger limit (a document). */
  documentTimeoutMs: number;
  /** Bytes past the limit read and thrown away before the 413 (default DISCARD_BYTES). */
  discardBytes?: number;
}

/**
 * A body over its limit is read and thrown away up to this many bytes more, so a client that writes its whole body
 * before it reads sees the 413; past them the 413 is written and the connection closed.
 */
const DISCARD_BYTES = 16 * 2 ** 20;
/** After the answer to a body not read to its end: time the connection stays open, reading, before it is reset. */
const LINGER_MS = 2000;
/** A body above this many bytes waits in a temporary file, not in memory. */
const SPOOL_ABOVE = 16 * 2 ** 20;

const MULTIPART = /^multipart\//i;

/** The bytes a route takes: its own larger `bodyLimit`, or the service's. */
function limitOf(request: FastifyRequest, options: BodyOptions): { limit: number; timeoutMs: number } {
  const own = request.routeOptions.config?.route?.bodyLimit;
  return own !== undefined && own > options.limit
    ? { limit: own, timeoutMs: options.documentTimeoutMs }
    : { limit: options.limit, timeoutMs: options.timeoutMs };
}

function takesFiles(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
  return consumes?.some((type) => MULTIPART.test(type)) ?? false;
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}

/**
 * Closes a connection whose request was not read to its end, gently: Node would destroy the socket at once, and a
 * client still sending would get a reset in place of the answer it has not read yet. Instead our side is ended
 * (FIN after the answer) and what still comes is read and dropped for a while before the socket goes.
 */
function linger(socket: Socket, request: IncomingMessage): void {
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once('close', () => clearTimeout(timer));
  request.resume();
}

/** The answer about to be sent is the last of its connection, which closes after it without a reset. */
function closeAfterAnswer(reply: FastifyReply): void {
  reply.header('connection', 'close');
  const socket = reply.raw.socket;
  if (socket) socket.destroySoon = () => linger(socket, reply.request.raw);
}

/**
 * Reads what is left of a body over the limit and drops it, then rejects with the 413; past `discardBytes` more
 * (or the deadline) it rejects at once, and the connection closes after the answer.
 */
function refuseTooLarge(
  reply: FastifyReply,
  payload: Readable,
  limit: number,
  seen: number,
  discardBytes: number,
  deadline: number,
): Promise<never> {
  const error = apiError('BODY_TOO_LARGE', undefined, { limit });
  if (payload.readableEnded) return Promise.reject(error);
  if (Number(reply.request.headers['content-length']) > limit + discardBytes) {
    closeAfterAnswer(reply);
    return Promise.reject(error);
  }
  return new Promise((_resolve, reject) => {
    let dropped = seen;
    const stop = (closing: boolean) => {
      clearTimeout(timer);
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onEnd);
      if (closing) closeAfterAnswer(reply);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limit + discardBytes) stop(true);
    };
    const onEnd = () => stop(false);
    const timer = setTimeout(() => stop(true), Math.max(0, deadline - Date.now()));
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onEnd);
    payload.resume();
  });
}

function timedOut(reply: FastifyReply): ApiError {
  closeAfterAnswer(reply);
  return apiError('REQUEST_TIMEOUT');
}

/** A body read in full: in memory, or in a temporary file already unlinked (it goes when its reader closes it). */
function bodyStream(reply: FastifyReply, chunks: Buffer[], size: number, file: FileHandle | undefined): Readable {
  if (file) {
    const stream = file.createReadStream({ start: 0, autoClose: true });
    // closed with the exchange even when nothing read it to its end (the request refused before its handler)
    reply.raw.once('close', () => stream.destroy());
    return Object.assign(stream, { receivedEncodedLength: size });
  }
  // one chunk as it came, so the JSON parser decodes it without another copy
  return Object.assign(
    Readable.from(chunks.length <= 1 ? chunks : [Buffer.concat(chunks, size)], { objectMode: false }),
    {
      receivedEncodedLength: size,
    },
  );
}

/**
 * Reads a whole body within `limit` bytes and `timeoutMs`; larger than SPOOL_ABOVE it goes to a temporary file.
 */
function readWhole(
  reply: FastifyReply,
  payload: Readable,
  limit: number,
  timeoutMs: number,
  discardBytes: number,
): Promise<Readable> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let file: FileHandle | undefined;
    let spooling = false;
    let writing: Promise<unknown> = Promise.resolve();
    let settled = false;
    const finish = (outcome: Readable | Promise<never> | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
      if (outcome instanceof Readable) return resolve(outcome);
      void writing.then(() => file?.close());
      if (outcome instanceof Error) return reject(outcome);
      outcome.then(resolve, reject);
    };
    const spool = (chunk: Buffer) => {
      // the file is opened once, then unlinked: nothing is left behind even if the process dies
      if (!spooling) {
        spooling = true;
        const path = join(tmpdir(), `tase-body-${randomBytes(8).toString('hex')}`);
        const held = chunks.splice(0);
        writing = open(path, 'w+', 0o600).then(async (handle) => {
          file = handle;
          await unlink(path);
          for (const c of held) await handle.write(c);
        });
      }
      payload.pause();
      writing = writing
        .then(() => file!.write(chunk))
        .then(
          () => payload.resume(),
          (err: unknown) => finish(err as Error),
        );
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish(refuseTooLarge(reply, payload, limit, size, discardBytes, deadline));
        return;
      }
      if (spooling || size > SPOOL_ABOVE) spool(chunk);
      else chunks.push(chunk);
    };
    const onEnd = () => {
      void writing.then(
        () => finish(bodyStream(reply, chunks, size, file)),
        (err: unknown) => finish(err as Error),
      );
    };
    const onError = (err: Error) => finish(Object.assign(err, { statusCode: 400 }));
    const timer = setTimeout(() => finish(timedOut(reply)), timeoutMs);
    payload.on('data', onData);
    payload.once('end', onEnd);
    payload.once('error', onError);
    payload.resume();
  });
}

const uploads = new WeakMap<FastifyRequest, () => Promise<never>>();

/**
 * Watches a multipart body as the upload parser reads it; call it in the same tick as the parser starts. The
 * promise rejects when the body passes its limit (413, once what is left is dropped) or its time (408), and never
 * settles while the body keeps within both. Undefined for a request without such a body.
 */
export function watchUpload(request: FastifyRequest): Promise<never> | undefined {
  return uploads.get(request)?.();
}

function guardUpload(
  reply: FastifyReply,
  payload: Readable,
  limit: number,
  deadline: number,
  discardBytes: number,
): Promise<never> {
  const guard = new Promise<never>((_resolve, reject) => {
    let size = 0;
    const done = () => {
      clearTimeout(timer);
      payload.off('data', onData);
      payload.off('end', done);
      reply.raw.off('finish', afterAnswer);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return;
      done();
      // the upload parser hears no more: what is left is dropped
      payload.unpipe();
      if (reply.sent) {
        if (reply.raw.socket) linger(reply.raw.socket, reply.request.raw);
        return;
      }
      refuseTooLarge(reply, payload, limit, size, discardBytes, deadline).catch(reject);
    };
    // answered before the body was read to its end (a part refused): the rest is dropped, within the bounds
    const afterAnswer = () => {
      if (payload.readableEnded) return done();
      payload.unpipe();
      payload.resume();
    };
    const timer = setTimeout(
      () => {
        done();
        payload.unpipe();
        if (reply.sent) return reply.raw.socket?.destroy();
        reject(timedOut(reply));
      },
      Math.max(0, deadline - Date.now()),
    );
    payload.on('data', onData);
    payload.once('end', done);
    reply.raw.once('finish', afterAnswer);
  });
  // a guard nobody awaits any more (the parser failed first) must not be an unhandled rejection
  guard.catch(() => undefined);
  return guard;
}

/** Installs the reading of bodies on every route of `app`. */
export function installBodies(app: FastifyInstance, options: BodyOptions): void {
  const discardBytes = options.discardBytes ?? DISCARD_BYTES;
  app.addHook('preParsing', (request, reply, payload, done) => {
    const raw = request.raw;
    if (!hasBody(raw)) return done(null, payload);
    const { limit, timeoutMs } = limitOf(request, options);
    const declared = Number(raw.headers['content-length']);
    const deadline = Date.now() + timeoutMs;
    if (declared > limit) {
      refuseTooLarge(reply, payload, limit, 0, discardBytes, deadline).catch((err: Error) => done(err));
      return;
    }
    // only where the upload parser reads it; elsewhere it is read whole within the bounds, then refused (415)
    if (MULTIPART.test(raw.headers['content-type'] ?? '') && takesFiles(request)) {
      uploads.set(request, () => guardUpload(reply, payload, limit, deadline, discardBytes));
      return done(null, payload);
    }
    readWhole(reply, payload, limit, timeoutMs, discardBytes).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  });
}
