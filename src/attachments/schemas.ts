// Wire shapes of attachments, as the real interface has them.
import {
  Type,
  DateString,
  DateTimeString,
  Id,
  PagingQuery,
  PartlyCountedPage,
  Text,
  StringEnum,
  type Static,
} from '../platform/schema.ts';
import { ATTACHMENT_REFERENCE_TYPES, ATTACHMENT_SEARCH_TYPES } from '../domain/real-vocabularies.ts';

/** Metadata of an attached file. */
export const Attachment = Type.Object(
  {
    id: Type.Optional(Id({ readOnly: true, description: 'Given by the service; ignored in an upload.' })),
    name: Text(255, { minLength: 1, description: 'File name shown to people.' }),
    referenceType: StringEnum([...ATTACHMENT_REFERENCE_TYPES], {
      description: 'The kind of document the file belongs to.',
    }),
    referenceId: Id({ description: 'The id of that document.' }),
    mimeType: Type.Optional(
      Text(255, {
        readOnly: true,
        description: 'Media type read from the bytes of the file when it was received; ignored in an upload.',
      }),
    ),
    sendWithInvoice: Type.Boolean({ description: 'Whether the file goes with the invoice when it is sent.' }),
  },
  { title: 'Attachment', additionalProperties: false },
);
export type AttachmentWire = Static<typeof Attachment>;

export const AttachmentRename = Type.Object(
  { name: Text(255, { minLength: 1, description: 'The new file name.' }) },
  { title: 'AttachmentRename', additionalProperties: false },
);

const Order = StringEnum(['ASC', 'DESC']);
const Size = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, format: 'int32', description }));

export const AttachmentQuery = Type.Object({
  createdStartDate: Type.Optional(DateString({ description: 'Attached on or after this day (UTC).' })),
  createdEndDate: Type.Optional(DateString({ description: 'Attached on or before this day (UTC).' })),
  minSize: Size('At least this many bytes.'),
  maxSize: Size('At most this many bytes.'),
  name: Type.Optional(Text(255, { description: 'A part of the file name, the letters A to Z in either case.' })),
  type: Type.Optional(
    Type.Array(StringEnum([...ATTACHMENT_SEARCH_TYPES]), {
      maxItems: ATTACHMENT_SEARCH_TYPES.length,
      description: 'The kinds of document whose files are wanted (all the caller may view when left out).',
    }),
  ),
  referenceId: Type.Optional(Id({ description: 'The id of the document.' })),
  orderByCreatedDate: Type.Optional(Order),
  orderByName: Type.Optional(Order),
  orderBySize: Type.Optional(Order),
  ...PagingQuery,
});

/** An attached file as a search answers it (no bytes). */
const Document = Type.Object(
  {
    attachmentId: Type.Optional(Id()),
    name: Type.Optional(Type.String()),
    size: Type.Optional(Type.Integer({ format: 'int32', description: 'Bytes.' })),
    user: Type.Optional(
      Type.String({ description: 'Who attached it; left out for files attached before it was kept.' }),
    ),
    referenceId: Type.Optional(Id()),
    referenceType: Type.Optional(StringEnum([...ATTACHMENT_REFERENCE_TYPES])),
    attached: Type.Optional(DateTimeString({ description: 'When it was attached (UTC).' })),
  },
  { title: 'Document', additionalProperties: false },
);
export type DocumentWire = Static<typeof Document>;

export const AttachmentSearchResult = PartlyCountedPage(
  Document,
  'Given on a page that ends the list, and on the first page when at most 1 000 files match.',
  { title: 'AttachmentSearchResult' },
);
