// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const bankExamples: ApiExamples = {
  putBankstatementsByStatementIdEventsByEventIdInvoices: {
    request: 1,
    responses: { 200: { message: 'Invoice 1 allocated to event 1.' } },
  },
  putBankstatementsByStatementIdEventsByEventIdProducts: {
    request: 1,
    responses: { 200: { message: 'Product 1 allocated to event 3.' } },
  },
  putBankstatementsByStatementIdEventsByEventIdMetadata: {
    request: {
      allocationMetadataRows: [
        { vatPercentage: 25.5, sum: -45, comment: 'Tarvikkeet', vatStatus: 1, ledgerAccountCode: '4000' },
      ],
    },
    responses: { 200: { message: 'Metadata allocated successfully' } },
  },
  putReferencepaymentsByReferencePaymentIdMetadata: {
    request: {
      allocationMetadataRows: [
        {
          vatPercentage: 0,
          sum: 999.99,
          comment: 'Ennakkomaksu, tilaus PO-2026-118',
          vatStatus: 1,
          ledgerAccountCode: '1700',
        },
      ],
    },
    responses: { 200: { message: 'Metadata allocated successfully' } },
  },
  postReferencepaymentsMatch: { responses: { 200: { matched: 0, partial: 0, overpayments: 0, unmatched: 0 } } },
  getBankstatements: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            accountNumber: 'FI3715903000000776',
            startDate: '2026-03-13',
            endDate: '2026-03-13',
            currency: 'EUR',
            numberOfDeposits: 2,
            depositSum: 513.18,
            numberOfWithdrawals: 1,
            withdrawalSum: 45,
            startBalance: 5000,
            endBalance: 5468.18,
            statementNumber: 52,
            events: [
              {
                id: 1,
                payDate: '2026-03-13',
                valueDate: '2026-03-13',
                sum: 400.86,
                name: 'Äänekosken Kone Oy',
                archiveCode: '20260313NDEA0001',
                message: 'Lasku 10001, viite 12328',
                attachments: [],
                allocated: true,
                invoiceId: 1,
                allocationMetadataRows: [],
                bankTransactionCode: 'PMNT/RCDT/ESCT',
                transactionCount: 1,
              },
              {
                id: 2,
                payDate: '2026-03-13',
                valueDate: '2026-03-13',
                sum: -45,
                name: 'Rautakauppa Tampere',
                archiveCode: '20260313NDEA0002',
                message: 'Korttiosto 12.3.2026',
                attachments: [],
                allocated: true,
                allocationMetadataRows: [
                  {
                    id: 1,
                    vatPercentage: 25.5,
                    sum: -45,
                    vatStatus: 1,
                    comment: 'Tarvikkeet Korttiosto 12.3.2026',
                    ledgerAccountCode: '4000',
                  },
                ],
                bankTransactionCode: 'PMNT/CCRD/POSD',
                transactionCount: 1,
              },
              {
                id: 3,
                payDate: '2026-03-13',
                valueDate: '2026-03-13',
                sum: 112.32,
                name: 'Virtanen Liisa',
                archiveCode: '20260313NDEA0003',
                message: 'Huoltotyö 1 h, lasku puuttuu',
                attachments: [],
                allocated: true,
                allocationMetadataRows: [],
                productId: 1,
                bankTransactionCode: 'PMNT/RCDT/ESCT',
                transactionCount: 1,
              },
            ],
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  getReferencepayments: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            accountNumber: 'FI3715903000000776',
            valueDate: '2026-03-11',
            paymentDate: '2026-03-11',
            sum: 999.99,
            name: 'Iso Maksaja Oy',
            bankReference: '1234561',
            archiveId: '08VS-1',
            attachments: [],
            allocated: true,
            allocationMetadataRows: [
              {
                id: 1,
                vatPercentage: 0,
                sum: 999.99,
                vatStatus: 1,
                comment: 'Ennakkomaksu, tilaus PO-2026-118 Reference 1234561',
                ledgerAccountCode: '1700',
              },
            ],
            matchStatus: 'UNMATCHED',
          },
          {
            id: 2,
            accountNumber: 'FI3715903000000776',
            valueDate: '2026-03-11',
            paymentDate: '2026-03-11',
            sum: 0.02,
            name: 'Senttimaksaja',
            bankReference: 'RF9811112',
            archiveId: '08VS-2',
            attachments: [],
            allocated: false,
            allocationMetadataRows: [],
            matchStatus: 'UNMATCHED',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 2, totalCount: 2 },
      },
    },
  },
  postBankstatementsImport: {
    request: `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-20260313</MsgId><CreDtTm>2026-03-14T05:00:00+02:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>FI3715903000000776-2026-03-13</Id>
      <ElctrncSeqNb>52</ElctrncSeqNb>
      <Acct><Id><IBAN>FI3715903000000776</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-13</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">5468.18</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-13</Dt></Dt></Bal>
      <Ntry>
        <Amt Ccy="EUR">400.86</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-13</Dt></BookgDt><ValDt><Dt>2026-03-13</Dt></ValDt><AcctSvcrRef>20260313NDEA0001</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Dbtr><Pty><Nm>Äänekosken Kone Oy</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Lasku 10001, viite 12328</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">45.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-13</Dt></BookgDt><ValDt><Dt>2026-03-13</Dt></ValDt><AcctSvcrRef>20260313NDEA0002</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>CCRD</Cd><SubFmlyCd>POSD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Cdtr><Pty><Nm>Rautakauppa Tampere</Nm></Pty></Cdtr></RltdPties>
          <RmtInf><Ustrd>Korttiosto 12.3.2026</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">112.32</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-03-13</Dt></BookgDt><ValDt><Dt>2026-03-13</Dt></ValDt><AcctSvcrRef>20260313NDEA0003</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties><Dbtr><Pty><Nm>Virtanen Liisa</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Huoltotyö 1 h, lasku puuttuu</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`,
    responses: {
      200: {
        message: 'Imported 1 statement(s), 3 event(s) and 0 reference payment(s); 0 already imported.',
        format: 'camt.053.001.08',
        schemaValidated: true,
        statements: { imported: 1, skipped: 0 },
        events: { imported: 3, skipped: 0 },
        referencePayments: { imported: 0, skipped: 0 },
        ignoredTransactions: 0,
      },
    },
  },
};
