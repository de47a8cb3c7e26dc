// Purchase invoices from received Finvoice messages, over real HTTP: a message is read in the encoding its
// declaration names (ISO-8859-15 above all, as the Finvoice implementation guidelines prescribe), the same message
// imported again answers the invoice it made, and texts longer than the invoice's fields but within the Finvoice
// schema are cut with the message kept whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicesExamples } from '../src/invoices/examples.ts';
import { startService, type TestService } from './support/service.ts';

let svc: TestService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const BASE = invoicesExamples.postInvoicesFinvoice.request as string;

const TRANSMISSION = (messageId: string) => `<MessageTransmissionDetails>
    <MessageSenderDetails><FromIdentifier>003715728600</FromIdentifier><FromIntermediator>003723327487</FromIntermediator></MessageSenderDetails>
    <MessageReceiverDetails><ToIdentifier>003712345671</ToIdentifier><ToIntermediator>003721291126</ToIntermediator></MessageReceiverDetails>
    <MessageDetails><MessageIdentifier>${messageId}</MessageIdentifier><MessageTimeStamp>2026-03-16T08:00:00+02:00</MessageTimeStamp></MessageDetails>
  </MessageTransmissionDetails>
  <SellerPartyDetails>`;

/** The example message with its declaration, article name, invoice number and message id changed. */
function message(
  options: { encoding?: string; article?: string; invoiceNumber?: string; messageId?: string; zip?: string } = {},
) {
  let xml = BASE.replace('encoding="UTF-8"', `encoding="${options.encoding ?? 'UTF-8'}"`)
    .replace('Hydrauliletku DN16', options.article ?? 'Hydrauliletku DN16')
    .replace(
      '<InvoiceNumber>26041</InvoiceNumber>',
      `<InvoiceNumber>${options.invoiceNumber ?? '26041'}</InvoiceNumber>`,
    )
    .replace(
      '<SellerPostCodeIdentifier>70100</SellerPostCodeIdentifier>',
      `<SellerPostCodeIdentifier>${options.zip ?? '70100'}</SellerPostCodeIdentifier>`,
    );
  if (options.messageId) xml = xml.replace('<SellerPartyDetails>', TRANSMISSION(options.messageId));
  return xml;
}

async function post(body: Uint8Array | string) {
  const response = await fetch(`${svc.base}/api/invoices/finvoice`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await svc.token()}`,
      'content-type': 'application/xml',
      'tase-additions': 'include',
    },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) };
}

async function purchaseInvoices(): Promise<{ id: number }[]> {
  const answer = await svc.api('GET', '/invoices?type=PURCHASE_INVOICE&pageSize=100');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.results ?? answer.body;
}

describe('POST /invoices/finvoice: encodings', () => {
  it('reads a message in ISO-8859-15, the encoding the Finvoice guidelines name, with € and Š as one byte each', async () => {
    const article = 'Öljynsuodatin Š 12 € Œ';
    const bytes = iconv.encode(message({ encoding: 'ISO-8859-15', article, invoiceNumber: 'E-15' }), 'iso-8859-15');
    // the euro sign is 0xA4 in ISO-8859-15 (0x80 in Windows-1252, absent from ISO-8859-1)
    expect(bytes.includes(0xa4)).toBe(true);
    const answer = await post(bytes);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.invoiceRows[0].product).toBe(article);
    expect(answer.body.counterParty.counterPartyAddress.name).toBe('Kuopion Varaosa Oy');
    expect(answer.body.invoiceSumInfo[0]).toMatchObject({ invoiceSumTotal: 124.5 });
  });

  it('reads Windows-1252 and ISO-8859-1 by their own tables, and a lower-case label', async () => {
    const cp1252 = await post(
      iconv.encode(message({ encoding: 'windows-1252', article: 'Šarja € 5', invoiceNumber: 'E-1252' }), 'win1252'),
    );
    expect(cp1252.status, cp1252.text).toBe(200);
    expect(cp1252.body.invoiceRows[0].product).toBe('Šarja € 5');
    const latin1 = await post(
      iconv.encode(message({ encoding: 'iso-8859-1', article: 'Äänekoski ½ kpl', invoiceNumber: 'E-1' }), 'latin1'),
    );
    expect(latin1.status, latin1.text).toBe(200);
    expect(latin1.body.invoiceRows[0].product).toBe('Äänekoski ½ kpl');
  });

  it('refuses an encoding not taken, and UTF-8 that is not, with a 400 and nothing stored', async () => {
    const before = (await purchaseInvoices()).length;
    const shiftJis = await post(Buffer.from(message({ encoding: 'Shift_JIS', invoiceNumber: 'E-SJ' })));
    expect(shiftJis.status, shiftJis.text).toBe(400);
    expect(shiftJis.body.errors).toEqual([
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^FINVOICE_ENCODING: .*Shift_JIS/) }),
    ]);
    const notUtf8 = await post(iconv.encode(message({ article: 'Öljy', invoiceNumber: 'E-BAD' }), 'latin1'));
    expect(notUtf8.status, notUtf8.text).toBe(400);
    expect(notUtf8.body.errors[0].message).toMatch(/^FINVOICE_ENCODING: .*not valid UTF-8/);
    expect((await purchaseInvoices()).length).toBe(before);
  });
});

describe('POST /invoices/finvoice: the same message twice', () => {
  it('answers the invoice the first import made, and a new message id makes a new invoice', async () => {
    const xml = iconv.encode(
      message({ encoding: 'ISO-8859-15', invoiceNumber: 'D-1', messageId: 'MSG-D-1' }),
      'iso-8859-15',
    );
    const before = (await purchaseInvoices()).length;
    const first = await post(xml);
    expect(first.status, first.text).toBe(200);
    const again = await post(xml);
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // the same message concurrently: still one invoice
    const racing = await Promise.all([1, 2, 3].map(() => post(xml)));
    for (const answer of racing) expect(answer.body.id).toBe(first.body.id);
    expect((await purchaseInvoices()).length).toBe(before + 1);

    const resent = await post(message({ invoiceNumber: 'D-1', messageId: 'MSG-D-2' }));
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body.id).not.toBe(first.body.id);
  });
});

describe('POST /invoices/finvoice: texts longer than the invoice takes', () => {
  it('takes a postcode of 24 characters (the schema allows 35), cut to 20 with a note', async () => {
    const zip = 'FIN-70100 KUOPIO POSTI 1';
    expect(zip).toHaveLength(24);
    const answer = await post(message({ invoiceNumber: 'L-1', zip }));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.counterParty.counterPartyAddress.zip).toBe(zip.slice(0, 20).trimEnd());
    expect(answer.body.notes).toMatch(/counterParty\.counterPartyAddress\.zip \(24 characters\)/);
  });
});

describe('POST /invoices/finvoice: a published message', () => {
  // Maventa's (Visma Solutions) anonymised Finvoice 3.0 example: ISO-8859-15, with transmission details, and its
  // placeholder texts as values: the postcode is the 24 characters "SellerPostCodeIdentifier"
  const bytes = readFileSync(join(import.meta.dirname, 'fixtures', 'real', 'maventa-finvoice-3.0-iso-8859-15.xml'));

  it('becomes a purchase invoice, once, with what the message says', async () => {
    expect(bytes.subarray(0, 60).toString('latin1')).toContain('encoding="ISO-8859-15"');
    const answer = await post(bytes);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      type: 'PURCHASE_INVOICE',
      status: 'UNFINISHED',
      date: '2019-01-21',
      sellerReferenceIdentifier: '9190100001',
      orderReference: 'OrderIdentifier',
      counterParty: {
        identifier: '1234567-8',
        counterPartyAddress: {
          name: 'SellerOrganisationName',
          street: 'SellerStreetName',
          city: 'SellerTownName',
          zip: 'SellerPostCodeIdenti',
        },
      },
      paymentInfo: { dueDate: '2019-01-28', bankReferenceCode: '91901000011' },
    });
    expect(answer.body.notes).toMatch(/counterParty\.counterPartyAddress\.zip \(24 characters\)/);
    const again = await post(bytes);
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(answer.body.id);
  });
});
