// Payment files out: every pain.001.001.09 message built is validated against the EPC SEPA schema; payments are
// gathered per payer account and payment date, salaries with category purpose SALA, references structured.
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import {
  buildPaymentMessages,
  isValidFinnishReference,
  isValidRfReference,
  pain001Problems,
  paymentFiles,
  PaymentFileError,
  type CreditTransfer,
} from '../src/domain/pain001.ts';

const payer = { name: 'Demo Oy', businessId: '1234567-8' };
const base: Omit<CreditTransfer, 'endToEndId' | 'amount'> = {
  payerIban: 'FI21 1234 5600 0007 85',
  payerBic: 'NDEAFIHH',
  paymentDate: '2026-03-20',
  currency: 'EUR',
  creditorName: 'Toimittaja Oy',
  creditorIban: 'FI3715903000000776',
};
const transfers: CreditTransfer[] = [
  { ...base, endToEndId: 'INV-1', amount: 12050n, reference: 'RF18 5390 0754 7034' },
  { ...base, endToEndId: 'INV-2', amount: 99n, reference: '1234561', creditorBic: 'OKOYFIHH' },
  { ...base, endToEndId: 'INV-3', amount: 100000n, message: 'Invoice 2026-17, thank you' },
  { ...base, endToEndId: 'SAL-1', amount: 250000n, salary: true, creditorName: 'Maija Meikäläinen' },
  { ...base, endToEndId: 'SAL-2', amount: 199999n, salary: true, creditorName: 'Matti Meikäläinen' },
  { ...base, endToEndId: 'INV-4', amount: 5000n, paymentDate: '2026-03-21', reference: '12345672' },
  {
    ...base,
    endToEndId: 'INV-1',
    amount: 777n,
    payerIban: 'FI7944052020036082',
    payerBic: 'OKOYFIHH',
    creditorIban: 'DE89370400440532013000',
    creditorBic: 'COBADEFFXXX',
    creditorName: 'Lieferant GmbH '.repeat(8),
  },
];
const request = { runId: 'RUN-20260315', created: '2026-03-15T10:00:00+02:00', payer, transfers };

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml).Document;
const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

describe('pain.001.001.09 payment files', () => {
  it('gathers the payments per payer account and payment date, each message valid against the schema', async () => {
    const files = await paymentFiles(request);
    expect(files.map((f) => [f.payerIban, f.paymentDate, f.numberOfTransactions, f.controlSum])).toEqual([
      ['FI2112345600000785', '2026-03-20', 5, 562148n],
      ['FI2112345600000785', '2026-03-21', 1, 5000n],
      ['FI7944052020036082', '2026-03-20', 1, 777n],
    ]);
    for (const file of files) expect(await pain001Problems(file.xml)).toEqual([]);
    const first = parse(files[0].xml).CstmrCdtTrfInitn;
    expect(first.GrpHdr).toMatchObject({
      MsgId: 'RUN-20260315-1',
      NbOfTxs: '5',
      CtrlSum: '5621.48',
      InitgPty: { Nm: 'Demo Oy', Id: { OrgId: { Othr: { Id: '1234567-8' } } } },
    });
    const [others, salaries] = list(first.PmtInf);
    expect(others.PmtTpInf).toEqual({ SvcLvl: { Cd: 'SEPA' } });
    expect(salaries.PmtTpInf).toEqual({ SvcLvl: { Cd: 'SEPA' }, CtgyPurp: { Cd: 'SALA' } });
    expect(salaries).toMatchObject({
      NbOfTxs: '2',
      CtrlSum: '4499.99',
      ChrgBr: 'SLEV',
      ReqdExctnDt: { Dt: '2026-03-20' },
    });
    const [rf, finnish, free] = list(others.CdtTrfTxInf);
    expect(rf.PmtId.EndToEndId).toBe('INV-1');
    expect(rf.Amt.InstdAmt).toEqual({ '#text': '120.50', '@_Ccy': 'EUR' });
    expect(rf.RmtInf.Strd.CdtrRefInf).toEqual({ Tp: { CdOrPrtry: { Cd: 'SCOR' } }, Ref: 'RF18539007547034' });
    expect(finnish.Amt.InstdAmt['#text']).toBe('0.99');
    expect(finnish.CdtrAgt.FinInstnId.BICFI).toBe('OKOYFIHH');
    expect(finnish.RmtInf.Strd.CdtrRefInf.Ref).toBe('1234561');
    expect(free.RmtInf).toEqual({ Ustrd: 'Invoice 2026-17, thank you' });
    expect(list(salaries.CdtTrfTxInf)[0].Cdtr.Nm).toBe('Maija Meikäläinen');
    const foreign = parse(files[2].xml).CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf;
    expect(foreign.Cdtr.Nm).toBe('Lieferant GmbH '.repeat(5).slice(0, 69));
    expect(foreign.CdtrAcct.Id.IBAN).toBe('DE89370400440532013000');
  });

  it('refuses payments that cannot go to the bank, naming each', () => {
    const bad: CreditTransfer[] = [
      { ...base, endToEndId: 'B-1', amount: 100n, creditorIban: 'FI2112345600000786' },
      { ...base, endToEndId: 'B-2', amount: 100n, creditorBic: 'NOTABIC' },
      { ...base, endToEndId: 'B-3', amount: 100n, reference: '1234562' },
      { ...base, endToEndId: 'B-4', amount: 100n, reference: 'RF19539007547034' },
      { ...base, endToEndId: 'B-5', amount: 100n, currency: 'SEK' },
      { ...base, endToEndId: 'B-6', amount: 0n },
      { ...base, endToEndId: 'B-6', amount: 100n },
      { ...base, endToEndId: 'B-7', amount: 100n, payerIban: 'FI00' },
      { ...base, endToEndId: 'B-8', amount: 100n, message: 'x'.repeat(141) },
      { ...base, endToEndId: 'B-9 <&>', amount: 100n },
    ];
    let error: unknown;
    try {
      buildPaymentMessages({ ...request, transfers: bad });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PaymentFileError);
    const problems = (error as PaymentFileError).problems;
    expect(problems).toEqual([
      'payment B-1: the creditor IBAN is not valid',
      'payment B-2: the creditor BIC is not valid',
      'payment B-3: 1234562 is neither a Finnish nor an RF reference',
      'payment B-4: RF19539007547034 is neither a Finnish nor an RF reference',
      'payment B-5: a SEPA credit transfer is in EUR, not SEK',
      'payment B-6: the amount must be between 0.01 and 999999999.99',
      'payment B-7: the payer IBAN is not valid',
      'payment B-8: the message is longer than 140 characters',
      'payment B-9 <&>: the end-to-end id must be 1–35 SEPA characters',
      'payment B-6: the end-to-end id is used twice in a message',
    ]);
  });

  it('checks references by their check digits (Finance Finland and ISO 11649 vectors)', () => {
    for (const valid of ['1234561', '12345672', '11112']) expect(isValidFinnishReference(valid), valid).toBe(true);
    for (const invalid of ['1234562', '123', '0000', '1234567890123456789012'])
      expect(isValidFinnishReference(invalid)).toBe(false);
    for (const valid of ['RF18539007547034', 'RF9811112', 'RF341234561'])
      expect(isValidRfReference(valid), valid).toBe(true);
    for (const invalid of ['RF19539007547034', 'RF18', 'XX18539007547034'])
      expect(isValidRfReference(invalid)).toBe(false);
  });

  it('finds what the schema refuses', async () => {
    const [file] = buildPaymentMessages({ ...request, transfers: [transfers[0]] });
    expect(await pain001Problems(file.xml)).toEqual([]);
    const broken = file.xml
      .replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>')
      .replace('<PmtMtd>TRF</PmtMtd>', '');
    const problems = await pain001Problems(broken);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^line \d+: /);
  });
});
