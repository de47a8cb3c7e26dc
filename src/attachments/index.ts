// Files attached to documents. The areas owning documents declare which reference types they answer for
// (`attachmentTargets` in their descriptors); this area stores the files and serves them.
import { defineArea } from '../platform/area.ts';
import { attachmentMigrations } from './migrations.ts';
import { attachmentRoutes } from './routes.ts';
import { AttachmentService } from './service.ts';
import { attachmentsExamples } from './examples.ts';

export { attachmentsOf, MAX_ATTACHMENT_BYTES } from './service.ts';
export { Attachment, type AttachmentWire } from './schemas.ts';
export { multipartMixed } from './routes.ts';

export const attachmentsArea = defineArea({
  name: 'attachments',
  examples: attachmentsExamples,
  tags: [{ name: 'Attachments', description: 'Files attached to receipts, business partners and other documents.' }],
  tables: { company: ['attachments'] },
  migrations: attachmentMigrations,
  create: (ctx, _deps, areas) => new AttachmentService(ctx, areas),
  routes: (attachments) => attachmentRoutes(attachments),
});
