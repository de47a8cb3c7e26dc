// Attached files: upload, fetch, rename, delete. Whether a file may be attached to a document, and who may see
// it, is for the area owning the document: each declares its reference types (`attachmentTargets` in its
// descriptor) with the right over them and a check that a document exists.
import { createHash } from 'node:crypto';
import { allocateId, type Db } from '../db/index.ts';
import type { AnyArea, AttachmentReferenceType, AttachmentSearchType, AttachmentTarget } from '../platform/area.ts';
import type { AppContext } from '../platform/context.ts';
import { pagedCountingCheaply, type PageRequest, type PartlyCounted } from '../platform/paging.ts';
import { apiError, notFound } from '../platform/errors.ts';
import { hasRight, type RightLeaf, type Rights } from '../platform/rights.ts';
import type { UploadedFile } from '../platform/multipart.ts';
import { ALLOWED_FILE_TYPES, sniffFileType } from './file-types.ts';
import type { AttachmentWire, DocumentWire } from './schemas.ts';
import { databaseStorage, directoryStorage, type FileStorage } from './storage.ts';
import * as store from './store.ts';

/** Largest file accepted, in bytes. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface Caller {
  companyId: number;
  userId: number;
  rights: Rights;
}

function toWire(row: store.AttachmentMeta): AttachmentWire {
  return {
    id: Number(row.id),
    name: row.name,
    referenceType: row.reference_type as AttachmentReferenceType,
    referenceId: Number(row.reference_id),
    mimeType: row.mime_type,
    sendWithInvoice: Boolean(row.send_with_invoice),
  };
}

function documentWire(row: store.ListedAttachment): DocumentWire {
  const user = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    attachmentId: Number(row.id),
    name: row.name,
    size: Number(row.size),
    ...(user ? { user } : {}),
    referenceId: Number(row.reference_id),
    referenceType: row.reference_type as AttachmentReferenceType,
    attached: row.created.slice(0, 23),
  };
}

/** Every reference type the areas declare, with its owner's rules. */
function targetsOf(areas: readonly AnyArea[]): Map<AttachmentReferenceType, AttachmentTarget> {
  const targets = new Map<AttachmentReferenceType, AttachmentTarget>();
  for (const area of areas) {
    for (const [type, target] of Object.entries(area.attachmentTargets ?? {})) {
      if (targets.has(type as AttachmentReferenceType))
        throw new Error(`attachment reference type ${type} is declared twice (by ${area.name} too)`);
      targets.set(type as AttachmentReferenceType, target);
    }
  }
  return targets;
}

export class AttachmentService {
  readonly #db: Db;
  readonly #clock: AppContext['clock'];
  readonly #storage: FileStorage;
  readonly #targets: Map<AttachmentReferenceType, AttachmentTarget>;
  /** The kinds some area has documents of: asking for others finds nothing, and needs no right. */
  readonly #declared: Set<AttachmentSearchType>;

  constructor(ctx: AppContext, areas: readonly AnyArea[]) {
    this.#db = ctx.db;
    this.#clock = ctx.clock;
    this.#storage = ctx.config.attachmentsDir ? directoryStorage(ctx.config.attachmentsDir) : databaseStorage;
    this.#targets = targetsOf(areas);
    this.#declared = new Set(
      [...this.#targets.values()].flatMap((target) => Object.keys(target.kinds) as AttachmentSearchType[]),
    );
  }

  /** The rules of a reference type; 403 without the right over document `id` (`level`). */
  async #target(
    db: Db,
    caller: Caller,
    type: string,
    id: number,
    level: 'view' | 'edit',
    field?: string,
  ): Promise<AttachmentTarget> {
    const target = this.#targets.get(type as AttachmentReferenceType);
    if (!target)
      throw apiError('ATTACHMENT_REFERENCE_TYPE_NOT_SUPPORTED', field, {
        referenceType: type,
        supported: [...this.#targets.keys()].join(', '),
      });
    const leaf = typeof target.right === 'string' ? target.right : await target.right(db, caller.companyId, id);
    if (leaf === undefined)
      throw apiError('ATTACHMENT_REFERENCE_NOT_FOUND', 'meta.referenceId', { referenceType: type, referenceId: id });
    if (!hasRight(caller.rights, { leaf, level }))
      throw apiError('FORBIDDEN', undefined, {
        right: `${leaf} (${level === 'view' ? 'viewing rights' : 'all rights'})`,
      });
    return target;
  }

  /** An attachment of the company the caller may reach (404 otherwise, as for one of another company). */
  async #existing(db: Db, caller: Caller, id: number, level: 'view' | 'edit'): Promise<store.AttachmentMeta> {
    const row = await store.getMeta(db, caller.companyId, id);
    if (!row) throw notFound('Attachment');
    await this.#target(db, caller, row.reference_type, Number(row.reference_id), level);
    return row;
  }

  async create(caller: Caller, meta: AttachmentWire, file: UploadedFile | undefined): Promise<AttachmentWire> {
    const target = await this.#target(
      this.#db,
      caller,
      meta.referenceType,
      meta.referenceId,
      'edit',
      'meta.referenceType',
    );
    if (!file) throw apiError('FILE_MISSING', 'file', { field: 'file' });
    if (file.size === 0) throw apiError('FILE_EMPTY', 'file');
    const bytes = await file.read();
    const type = await sniffFileType(bytes);
    if (!type.allowed)
      throw apiError('ATTACHMENT_FILE_TYPE_NOT_ALLOWED', 'file', {
        detected: type.mimeType,
        allowed: ALLOWED_FILE_TYPES.join(', '),
      });
    const { companyId } = caller;
    const stored = await this.#storage.put(companyId, bytes);
    try {
      return await this.#db.transaction().execute(async (trx) => {
        if (!(await target.exists(trx, companyId, meta.referenceId)))
          throw apiError('ATTACHMENT_REFERENCE_NOT_FOUND', 'meta.referenceId', {
            referenceType: meta.referenceType,
            referenceId: meta.referenceId,
          });
        const row: store.AttachmentRow = {
          company_id: companyId,
          id: await allocateId(trx, companyId, 'attachments'),
          name: meta.name,
          reference_type: meta.referenceType,
          reference_id: meta.referenceId,
          mime_type: type.mimeType,
          send_with_invoice: meta.sendWithInvoice,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          file_key: stored.fileKey,
          content: stored.content,
          created: this.#clock.now().toISOString(),
          user_id: caller.userId,
        };
        await store.insertAttachment(trx, row);
        return toWire(row);
      });
    } catch (err) {
      await this.#storage.discard(stored);
      throw err;
    }
  }

  /** The metadata and bytes of an attachment, and their SHA-256 (hex). */
  async get(caller: Caller, id: number): Promise<{ attachment: AttachmentWire; bytes: Buffer; sha256: string }> {
    const row = await this.#existing(this.#db, caller, id, 'view');
    const content = row.file_key ? null : await store.getContent(this.#db, caller.companyId, id);
    const bytes = await this.#storage.read({ fileKey: row.file_key, content: content ?? null });
    return { attachment: toWire(row), bytes, sha256: row.sha256 };
  }

  /**
   * GET /attachments: the files of the documents the caller may view, of the kinds asked for (all when none is).
   * A reference type whose documents all need one right is found by that right; one whose documents differ (an
   * invoice's right is its type's) by the kinds its owner declares, each the caller may view.
   */
  async search(
    caller: Caller,
    filter: Omit<store.AttachmentSearch, 'documents' | 'previousId' | 'order'> & {
      kinds?: readonly AttachmentSearchType[];
    },
    page: PageRequest,
  ): Promise<PartlyCounted<DocumentWire>> {
    const documents: store.AttachmentSearch['documents'] = [];
    const { kinds: asked, ...rest } = filter;
    const mayView = (leaf: RightLeaf) => hasRight(caller.rights, { leaf, level: 'view' });
    for (const [referenceType, target] of this.#targets) {
      const kinds = Object.entries(target.kinds) as [
        AttachmentSearchType,
        NonNullable<AttachmentTarget['kinds'][AttachmentSearchType]>,
      ][];
      if (!asked && typeof target.right === 'string') {
        if (mayView(target.right)) documents.push({ referenceType });
        continue;
      }
      const wanted = kinds.filter(([kind, rule]) => (!asked || asked.includes(kind)) && mayView(rule.right));
      if (wanted.length === 0) continue;
      // all of a reference type's kinds: its documents need no narrowing
      if (wanted.length === kinds.length || wanted.some(([, rule]) => !rule.ids)) documents.push({ referenceType });
      else for (const [, rule] of wanted) documents.push({ referenceType, ids: rule.ids!(this.#db, caller.companyId) });
    }
    // asking only for what the caller may not view is the real 403, not an empty page
    if (documents.length === 0 && (!asked || asked.some((kind) => this.#declared.has(kind))))
      throw apiError('FORBIDDEN', undefined, { right: 'viewing rights over the documents asked for' });
    const search: store.AttachmentSearch = {
      ...rest,
      documents,
      previousId: page.previousId,
      order: page.order,
    };
    const rows =
      documents.length === 0
        ? []
        : await store.searchAttachments(this.#db, caller.companyId, search, page.pageSize, page.offset);
    return pagedCountingCheaply(rows.map(documentWire), page, (limit) =>
      documents.length === 0 ? Promise.resolve(0) : store.countAttachments(this.#db, caller.companyId, search, limit),
    );
  }

  async rename(caller: Caller, id: number, name: string): Promise<AttachmentWire> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await this.#existing(trx, caller, id, 'edit');
      await store.renameAttachment(trx, caller.companyId, id, name);
      return toWire({ ...row, name });
    });
  }

  async remove(caller: Caller, id: number): Promise<void> {
    const row = await this.#db.transaction().execute(async (trx) => {
      const found = await this.#existing(trx, caller, id, 'edit');
      // deleted by another request meanwhile (PostgreSQL): a 404, and its file is that request's to remove
      if (!(await store.deleteAttachment(trx, caller.companyId, id))) throw notFound('Attachment');
      return found;
    });
    // after the commit: a failure here leaves an unreferenced file, never a row without its file
    await this.#storage.remove({ fileKey: row.file_key, content: null });
  }
}

/**
 * The attachments of documents, by document id: for the areas answering a document with its `attachments`
 * list (`referenceTypes`: the reference types of that kind of document).
 */
export async function attachmentsOf(
  db: Db,
  companyId: number,
  referenceTypes: readonly AttachmentReferenceType[],
  referenceIds: readonly number[],
): Promise<Map<number, AttachmentWire[]>> {
  const byDocument = new Map<number, AttachmentWire[]>();
  for (const row of await store.listByReference(db, companyId, referenceTypes, referenceIds)) {
    const id = Number(row.reference_id);
    const list = byDocument.get(id) ?? [];
    list.push(toWire(row));
    byDocument.set(id, list);
  }
  return byDocument;
}
