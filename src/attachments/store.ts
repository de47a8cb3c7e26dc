// SQL of attached files. The bytes are read only when a file is fetched; lists read the metadata alone.
import type { Db } from '../db/index.ts';

export interface AttachmentRow {
  company_id: number;
  id: number;
  name: string;
  reference_type: string;
  reference_id: number;
  mime_type: string;
  send_with_invoice: boolean | number;
  size: number;
  sha256: string;
  file_key: string | null;
  content: Uint8Array | null;
  created: string;
}

declare module '../db/types.ts' {
  interface Database {
    attachments: AttachmentRow;
  }
}

export type AttachmentMeta = Omit<AttachmentRow, 'content'>;

const META_COLUMNS = [
  'company_id',
  'id',
  'name',
  'reference_type',
  'reference_id',
  'mime_type',
  'send_with_invoice',
  'size',
  'sha256',
  'file_key',
  'created',
] as const;

export async function getMeta(db: Db, companyId: number, id: number): Promise<AttachmentMeta | undefined> {
  return db
    .selectFrom('attachments')
    .select(META_COLUMNS)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function getContent(db: Db, companyId: number, id: number): Promise<Uint8Array | null | undefined> {
  const row = await db
    .selectFrom('attachments')
    .select('content')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.content;
}

/** The attachments of documents of one reference type, in the order they were attached. */
export async function listByReference(
  db: Db,
  companyId: number,
  referenceTypes: readonly string[],
  referenceIds: readonly number[],
): Promise<AttachmentMeta[]> {
  if (referenceIds.length === 0 || referenceTypes.length === 0) return [];
  return db
    .selectFrom('attachments')
    .select(META_COLUMNS)
    .where('company_id', '=', companyId)
    .where('reference_type', 'in', referenceTypes)
    .where('reference_id', 'in', referenceIds)
    .orderBy('id')
    .execute();
}

export async function insertAttachment(db: Db, row: AttachmentRow): Promise<void> {
  await db.insertInto('attachments').values(row).execute();
}

export async function renameAttachment(db: Db, companyId: number, id: number, name: string): Promise<void> {
  await db.updateTable('attachments').set({ name }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

export async function deleteAttachment(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('attachments').where('company_id', '=', companyId).where('id', '=', id).execute();
}
