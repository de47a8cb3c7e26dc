// SQL of attached files. The bytes are read only when a file is fetched; lists read the metadata alone.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import { deleteRow } from '../db/rows.ts';

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
  /** Who attached the file; null for files attached before it was kept. */
  user_id: number | null;
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
  'user_id',
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

/** Deletes the attachment; false when there was none (another request deleted it first). */
export function deleteAttachment(db: Db, companyId: number, id: number): Promise<boolean> {
  return deleteRow(db, 'attachments', companyId, id);
}

export interface AttachmentSearch {
  /**
   * The documents whose files are wanted: a reference type, and, when only some of its documents are, a query of
   * their ids. Never empty.
   */
  documents: { referenceType: string; ids?: Expression<unknown> }[];
  createdFrom?: string;
  /** Attached before this (a date: the day after the last one wanted). */
  createdBefore?: string;
  minSize?: number;
  maxSize?: number;
  /** A part of the name, lower case. */
  name?: string;
  referenceId?: number;
  orderBy: { column: 'name' | 'size' | 'created'; direction: 'asc' | 'desc' }[];
  previousId?: number;
  order: 'asc' | 'desc';
}

export type ListedAttachment = Pick<
  AttachmentRow,
  'id' | 'name' | 'size' | 'reference_type' | 'reference_id' | 'created'
> & { first_name: string | null; last_name: string | null };

function searchQuery(db: Db, companyId: number, search: AttachmentSearch) {
  let query = db
    .selectFrom('attachments')
    .where('attachments.company_id', '=', companyId)
    .where((eb) =>
      eb.or(
        search.documents.map((d) =>
          d.ids
            ? eb.and([
                eb('attachments.reference_type', '=', d.referenceType),
                sql<SqlBool>`${sql.ref('attachments.reference_id')} in (${d.ids})`,
              ])
            : eb('attachments.reference_type', '=', d.referenceType),
        ),
      ),
    );
  if (search.createdFrom) query = query.where('attachments.created', '>=', search.createdFrom);
  if (search.createdBefore) query = query.where('attachments.created', '<', search.createdBefore);
  if (search.minSize !== undefined) query = query.where('attachments.size', '>=', search.minSize);
  if (search.maxSize !== undefined) query = query.where('attachments.size', '<=', search.maxSize);
  if (search.referenceId !== undefined) query = query.where('attachments.reference_id', '=', search.referenceId);
  if (search.name) {
    const pattern = `%${search.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<SqlBool>`lower(${sql.ref('attachments.name')}) like ${pattern} escape '\\'`);
  }
  if (search.previousId !== undefined)
    query = query.where('attachments.id', search.order === 'desc' ? '<' : '>', search.previousId);
  return query;
}

/** A page of the attachments a search finds, with the names of who attached them. */
export async function searchAttachments(
  db: Db,
  companyId: number,
  search: AttachmentSearch,
  limit: number,
  offset: number,
): Promise<ListedAttachment[]> {
  let query = searchQuery(db, companyId, search)
    .leftJoin('users', 'users.user_id', 'attachments.user_id')
    .select([
      'attachments.id',
      'attachments.name',
      'attachments.size',
      'attachments.reference_type',
      'attachments.reference_id',
      'attachments.created',
      'users.first_name',
      'users.last_name',
    ]);
  for (const { column, direction } of search.orderBy) query = query.orderBy(`attachments.${column}`, direction);
  return query.orderBy('attachments.id', search.order).limit(limit).offset(offset).execute();
}

/** The number of attachments a search finds, counting no further than `limit`. */
export async function countAttachments(
  db: Db,
  companyId: number,
  search: AttachmentSearch,
  limit: number,
): Promise<number> {
  const row = await db
    .selectFrom(searchQuery(db, companyId, search).select('attachments.id').limit(limit).as('m'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
