// The discussion of an invoice: comments that may tag users of the company (`@[userId]`), who mark them read.
// Open only while the company's circulation settings allow invoice-specific discussion, and to users who may
// see the invoice (403 otherwise).
import { allocateId } from '../db/index.ts';
import { apiError, notFound, Violations } from '../platform/errors.ts';
import { isoDateTime } from '../platform/clock.ts';
import { parseJson, stringifyJson } from '../platform/json.ts';
import { ApiError } from '../platform/errors.ts';
import type { CommentWire, CommentWithTaggedUsersWire } from './schemas.ts';
import type { CompanyService } from '../company/index.ts';
import type { AppContext } from '../platform/context.ts';
import type { Caller, InvoiceDocuments } from './documents.ts';
import * as store from './store.ts';

interface Tag {
  userId: number;
  read: string | null;
}

const TAG = /@\[(\d{1,10})\]/g;

type CommentRow = Awaited<ReturnType<typeof store.commentsOf>>[number];

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');

function commentToWire(row: CommentRow): CommentWire {
  const tags = parseJson(row.tagged) as Tag[];
  return {
    id: Number(row.id),
    author: fullName(row.first_name, row.last_name),
    dateTime: row.at,
    comment: row.comment,
    taggedUsersInfo: { numTaggedUsers: tags.length, readByAllTaggedUsers: tags.every((t) => t.read !== null) },
  };
}

export class InvoiceComments {
  readonly #ctx: AppContext;
  readonly #documents: InvoiceDocuments;
  readonly #company: CompanyService;

  constructor(ctx: AppContext, documents: InvoiceDocuments, company: CompanyService) {
    this.#ctx = ctx;
    this.#documents = documents;
    this.#company = company;
  }

  get #db() {
    return this.#ctx.db;
  }

  /** The discussion must be allowed and the invoice visible to the caller. */
  async #open(caller: Caller, id: number): Promise<void> {
    const settings = await this.#company.circulationSettings(caller.companyId);
    const exists = await store.getInvoice(this.#db, caller.companyId, id);
    if (!exists) throw notFound('Invoice');
    if (!settings.allowInvoiceSpecificDiscussion) throw apiError('INVOICE_DISCUSSION_NOT_ALLOWED');
    try {
      await this.#documents.get(caller, id);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) throw apiError('INVOICE_DISCUSSION_NOT_ALLOWED');
      throw err;
    }
  }

  async comments(caller: Caller, id: number, readByAllTaggedUsers?: boolean): Promise<{ comments: CommentWire[] }> {
    await this.#open(caller, id);
    const comments = (await store.commentsOf(this.#db, caller.companyId, id)).map(commentToWire);
    return {
      comments:
        readByAllTaggedUsers === undefined
          ? comments
          : comments.filter((c) => c.taggedUsersInfo?.readByAllTaggedUsers === readByAllTaggedUsers),
    };
  }

  async comment(caller: Caller, id: number, commentId: number): Promise<CommentWithTaggedUsersWire> {
    await this.#open(caller, id);
    const row = (await store.commentsOf(this.#db, caller.companyId, id, commentId))[0];
    if (!row) throw notFound('Comment');
    const users = new Map((await store.companyUsers(this.#db, caller.companyId)).map((u) => [Number(u.user_id), u]));
    const tags = parseJson(row.tagged) as Tag[];
    return {
      ...commentToWire(row),
      taggedUsers: tags.map((t) => {
        const user = users.get(t.userId);
        return {
          userTagId: t.userId,
          displayName: user?.username ?? String(t.userId),
          fullName: fullName(user?.first_name, user?.last_name),
          ...(t.read ? { read: t.read } : {}),
        };
      }),
    };
  }

  async addComment(caller: Caller, id: number, text: string): Promise<CommentWire> {
    await this.#open(caller, id);
    return this.#db.transaction().execute(async (trx) => {
      const members = new Set((await store.companyUsers(trx, caller.companyId)).map((u) => Number(u.user_id)));
      const tagged = [...new Set([...text.matchAll(TAG)].map((m) => Number(m[1])))];
      const v = new Violations();
      for (const userId of tagged)
        if (!members.has(userId)) v.add('COMMENT_TAGGED_USER_NOT_FOUND', 'comment', { userId });
      v.throwIfAny();
      const commentId = await allocateId(trx, caller.companyId, 'invoice_comments');
      await store.insertComment(trx, {
        company_id: caller.companyId,
        id: commentId,
        invoice_id: id,
        author_id: caller.userId,
        at: isoDateTime(this.#ctx.clock.now()),
        comment: text,
        tagged: stringifyJson(tagged.map((userId): Tag => ({ userId, read: null }))),
      });
      return commentToWire((await store.commentsOf(trx, caller.companyId, id, commentId))[0]);
    });
  }

  async taggableUsers(caller: Caller, id: number) {
    await this.#open(caller, id);
    const users = await store.companyUsers(this.#db, caller.companyId);
    return {
      taggableUsers: users.map((u) => ({
        userTagId: Number(u.user_id),
        displayName: u.username,
        fullName: fullName(u.first_name, u.last_name),
      })),
    };
  }

  async markRead(caller: Caller, id: number, commentId: number): Promise<{ message: string }> {
    await this.#open(caller, id);
    return this.#db.transaction().execute(async (trx) => {
      const row = (await store.commentsOf(trx, caller.companyId, id, commentId))[0];
      if (!row) throw notFound('Comment');
      const tags = parseJson(row.tagged) as Tag[];
      const mine = tags.find((t) => t.userId === caller.userId);
      if (!mine) throw apiError('ONLY_TAGGED_USER_CAN_MARK_READ');
      mine.read ??= isoDateTime(this.#ctx.clock.now());
      await store.updateCommentTags(trx, caller.companyId, commentId, stringifyJson(tags));
      return { message: 'Comment marked as read.' };
    });
  }
}
