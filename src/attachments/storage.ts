// Where the bytes of attached files live: in the database row (the default), or in a directory
// (`TASE_ATTACHMENTS_DIR`). With a directory, a file is written completely (under a temporary name, then
// renamed) before its row is inserted, and removed again if the row is not; a row is deleted before its file.
// A failed request so leaves neither a row without its file nor, short of a crash between the two steps, a file
// without its row.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a row finds its bytes: `fileKey` in the directory, or `content` in the row itself. */
interface StoredBytes {
  fileKey: string | null;
  content: Uint8Array | null;
}

export interface FileStorage {
  /** Keeps the bytes ahead of their row. */
  put(companyId: number, bytes: Buffer): Promise<StoredBytes>;
  /** Undoes a `put` whose row was not written. */
  discard(stored: StoredBytes): Promise<void>;
  read(stored: StoredBytes): Promise<Buffer>;
  /** Removes the bytes of a deleted row. */
  remove(stored: StoredBytes): Promise<void>;
}

export const databaseStorage: FileStorage = {
  put: (_companyId, bytes) => Promise.resolve({ fileKey: null, content: bytes }),
  discard: () => Promise.resolve(),
  read: (stored) => Promise.resolve(Buffer.from(stored.content ?? new Uint8Array())),
  remove: () => Promise.resolve(),
};

export function directoryStorage(root: string): FileStorage {
  const pathOf = (fileKey: string) => join(root, ...fileKey.split('/'));
  return {
    async put(companyId, bytes) {
      const fileKey = `${companyId}/${randomUUID()}`;
      const path = pathOf(fileKey);
      // owner-only: the service's user alone reads the companies' files
      await mkdir(join(root, String(companyId)), { recursive: true, mode: 0o700 });
      const partial = `${path}.part`;
      try {
        await writeFile(partial, bytes, { flag: 'wx', flush: true, mode: 0o600 });
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { fileKey, content: null };
    },
    async discard(stored) {
      if (stored.fileKey) await rm(pathOf(stored.fileKey), { force: true });
    },
    async read(stored) {
      if (stored.fileKey) return readFile(pathOf(stored.fileKey));
      return Buffer.from(stored.content ?? new Uint8Array());
    },
    async remove(stored) {
      if (stored.fileKey) await rm(pathOf(stored.fileKey), { force: true });
    },
  };
}
