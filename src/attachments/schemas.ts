// Wire shapes of attachments, as the real interface has them.
import { Type, Id, Text, StringEnum, type Static } from '../platform/schema.ts';
import { ATTACHMENT_REFERENCE_TYPES } from '../domain/real-vocabularies.ts';

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
