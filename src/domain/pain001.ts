// Payment files for the bank: ISO 20022 pain.001.001.09 customer credit transfer initiations under the EPC SEPA
// credit-transfer rules. Payments are gathered into one message per payer account and payment date; inside it,
// salaries form their own payment information block with category purpose SALA. A structured creditor reference
// (Finnish or RF) goes under SCOR, anything else as an unstructured message. Every message is validated against
// `pain.001.001.09.xsd` before it is released (`paymentFiles`).
import { create } from 'xmlbuilder2';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { MinorUnits } from './decimal.ts';
import { schemaProblems, schemaText } from './xsd.ts';

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';
const SCHEMA = 'pain.001.001.09.xsd';
/** EPC: at most 999,999,999.99 EUR per transfer. */
const MAX_AMOUNT = 99_999_999_999n;
/** EPC SEPA basic Latin set for identifiers (end-to-end ids, message ids). */
const SEPA_ID = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;

interface Party {
  name: string;
  /** Business ID (Y-tunnus) of an organisation, e.g. 1234567-8. */
  businessId?: string;
}

/** One credit transfer: from a payer account of the company to a creditor. */
export interface CreditTransfer {
  payerIban: string;
  payerBic: string;
  /** Requested execution date, YYYY-MM-DD. */
  paymentDate: string;
  /** A salary payment: gathered in its own block with category purpose SALA. */
  salary?: boolean;
  /** Unique among the payments of a message; the bank statement reports it back. */
  endToEndId: string;
  amount: MinorUnits;
  currency: string;
  creditorName: string;
  creditorIban: string;
  creditorBic?: string;
  /** A Finnish reference number (7-3-1 check digit) or an RF creditor reference (ISO 11649). */
  reference?: string;
  /** Free text when there is no reference (at most 140 characters). */
  message?: string;
}

export interface PaymentFileRequest {
  /** Unique id of this run, at most 20 characters: each message id is it plus the message's number. */
  runId: string;
  /** Creation time, ISO 8601. */
  created: string;
  /** The paying company: initiating party and debtor. */
  payer: Party;
  transfers: CreditTransfer[];
}

export interface PaymentFile {
  messageId: string;
  payerIban: string;
  paymentDate: string;
  numberOfTransactions: number;
  /** Sum of the amounts in minor units. */
  controlSum: MinorUnits;
  xml: string;
}

/** Payments that cannot go to the bank: every problem, each naming the payment by its end-to-end id. */
export class PaymentFileError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
  }
}

/** Finnish reference number: 4–20 digits, the last a 7-3-1 weighted check digit. */
export function isValidFinnishReference(reference: string): boolean {
  if (!/^\d{4,20}$/.test(reference) || /^0+$/.test(reference)) return false;
  const digits = reference.slice(0, -1);
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * weights[i % 3];
  return (10 - (sum % 10)) % 10 === Number(reference.at(-1));
}

/** RF creditor reference (ISO 11649): RF, two check digits, up to 21 letters or digits; mod 97 of the rearranged text is 1. */
export function isValidRfReference(reference: string): boolean {
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(reference)) return false;
  const rearranged = reference.slice(4) + reference.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const decimalText = (minor: MinorUnits): string => {
  const units = minor.toString().padStart(3, '0');
  return `${units.slice(0, -2)}.${units.slice(-2)}`;
};

function problemsOf(transfer: CreditTransfer): string[] {
  const problems: string[] = [];
  const at = `payment ${transfer.endToEndId}`;
  if (!SEPA_ID.test(transfer.endToEndId)) problems.push(`${at}: the end-to-end id must be 1–35 SEPA characters`);
  if (transfer.currency !== 'EUR') problems.push(`${at}: a SEPA credit transfer is in EUR, not ${transfer.currency}`);
  if (transfer.amount <= 0n || transfer.amount > MAX_AMOUNT)
    problems.push(`${at}: the amount must be between 0.01 and 999999999.99`);
  if (!isValidIBAN(electronicFormatIBAN(transfer.payerIban) ?? '')) problems.push(`${at}: the payer IBAN is not valid`);
  if (!isValidBIC(transfer.payerBic)) problems.push(`${at}: the payer BIC is not valid`);
  if (!isValidIBAN(electronicFormatIBAN(transfer.creditorIban) ?? ''))
    problems.push(`${at}: the creditor IBAN is not valid`);
  if (transfer.creditorBic !== undefined && !isValidBIC(transfer.creditorBic))
    problems.push(`${at}: the creditor BIC is not valid`);
  if (transfer.creditorName.trim() === '') problems.push(`${at}: the creditor has no name`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(transfer.paymentDate)) problems.push(`${at}: the payment date is not YYYY-MM-DD`);
  if (transfer.reference !== undefined) {
    const reference = transfer.reference.replace(/\s/g, '').toUpperCase();
    if (!isValidFinnishReference(reference) && !isValidRfReference(reference))
      problems.push(`${at}: ${transfer.reference} is neither a Finnish nor an RF reference`);
  }
  if (transfer.message !== undefined && transfer.message.length > 140)
    problems.push(`${at}: the message is longer than 140 characters`);
  return problems;
}

/** EPC: names at most 70 characters. */
const name70 = (name: string) => name.trim().slice(0, 70).trim();

/** Builds the messages (not yet validated against the schema: see `paymentFiles`). */
export function buildPaymentMessages(request: PaymentFileRequest): PaymentFile[] {
  const problems = request.transfers.flatMap(problemsOf);
  if (!/^[A-Za-z0-9-]{1,20}$/.test(request.runId)) problems.push('the run id must be 1–20 letters, digits or dashes');
  const groups = new Map<string, CreditTransfer[]>();
  for (const transfer of request.transfers) {
    const key = `${electronicFormatIBAN(transfer.payerIban)}|${transfer.paymentDate}`;
    groups.set(key, [...(groups.get(key) ?? []), transfer]);
  }
  for (const transfers of groups.values()) {
    const seen = new Set<string>();
    for (const t of transfers) {
      if (seen.has(t.endToEndId))
        problems.push(`payment ${t.endToEndId}: the end-to-end id is used twice in a message`);
      seen.add(t.endToEndId);
    }
  }
  if (problems.length > 0) throw new PaymentFileError(problems);
  const messages: PaymentFile[] = [];
  for (const transfers of groups.values()) {
    const messageId = `${request.runId}-${messages.length + 1}`;
    const sum = transfers.reduce((total, t) => total + t.amount, 0n);
    const first = transfers[0];
    const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'Document');
    const initiation = root.ele('CstmrCdtTrfInitn');
    const header = initiation.ele('GrpHdr');
    header.ele('MsgId').txt(messageId);
    header.ele('CreDtTm').txt(request.created);
    header.ele('NbOfTxs').txt(String(transfers.length));
    header.ele('CtrlSum').txt(decimalText(sum));
    party(header.ele('InitgPty'), request.payer);
    const blocks = [transfers.filter((t) => !t.salary), transfers.filter((t) => t.salary)].filter((b) => b.length > 0);
    blocks.forEach((block, index) => {
      const info = initiation.ele('PmtInf');
      info.ele('PmtInfId').txt(`${messageId}-${index + 1}`);
      info.ele('PmtMtd').txt('TRF');
      info.ele('NbOfTxs').txt(String(block.length));
      info.ele('CtrlSum').txt(decimalText(block.reduce((total, t) => total + t.amount, 0n)));
      const type = info.ele('PmtTpInf');
      type.ele('SvcLvl').ele('Cd').txt('SEPA');
      if (block[0].salary) type.ele('CtgyPurp').ele('Cd').txt('SALA');
      info.ele('ReqdExctnDt').ele('Dt').txt(first.paymentDate);
      party(info.ele('Dbtr'), request.payer);
      info.ele('DbtrAcct').ele('Id').ele('IBAN').txt(electronicFormatIBAN(first.payerIban)!);
      info.ele('DbtrAgt').ele('FinInstnId').ele('BICFI').txt(first.payerBic);
      info.ele('ChrgBr').txt('SLEV');
      for (const t of block) {
        const tx = info.ele('CdtTrfTxInf');
        tx.ele('PmtId').ele('EndToEndId').txt(t.endToEndId);
        tx.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(decimalText(t.amount));
        if (t.creditorBic) tx.ele('CdtrAgt').ele('FinInstnId').ele('BICFI').txt(t.creditorBic);
        tx.ele('Cdtr').ele('Nm').txt(name70(t.creditorName));
        tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(electronicFormatIBAN(t.creditorIban)!);
        const reference = t.reference?.replace(/\s/g, '').toUpperCase();
        if (reference) {
          const ref = tx.ele('RmtInf').ele('Strd').ele('CdtrRefInf');
          ref.ele('Tp').ele('CdOrPrtry').ele('Cd').txt('SCOR');
          ref.ele('Ref').txt(reference);
        } else if (t.message?.trim()) {
          tx.ele('RmtInf').ele('Ustrd').txt(t.message.trim());
        }
      }
    });
    messages.push({
      messageId,
      payerIban: electronicFormatIBAN(first.payerIban)!,
      paymentDate: first.paymentDate,
      numberOfTransactions: transfers.length,
      controlSum: sum,
      xml: root.end({ prettyPrint: true }),
    });
  }
  return messages;
}

function party(element: ReturnType<ReturnType<typeof create>['ele']>, payer: Party): void {
  element.ele('Nm').txt(name70(payer.name));
  if (payer.businessId) element.ele('Id').ele('OrgId').ele('Othr').ele('Id').txt(payer.businessId);
}

/** The schema problems of a pain.001.001.09 message (empty when it is valid). */
export function pain001Problems(xml: string): Promise<string[]> {
  return schemaProblems(xml, { name: SCHEMA, text: schemaText(SCHEMA) });
}

/** Builds the messages and releases them only when each is valid against the schema. */
export async function paymentFiles(request: PaymentFileRequest): Promise<PaymentFile[]> {
  const messages = buildPaymentMessages(request);
  for (const message of messages) {
    const problems = await pain001Problems(message.xml);
    if (problems.length > 0) throw new PaymentFileError(problems.map((p) => `message ${message.messageId}: ${p}`));
  }
  return messages;
}
