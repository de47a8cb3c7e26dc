// The schemas camt files are validated against. camt.053.001.08 is the published schema; camt.054.001.08 is
// built from the same building blocks (the notification differs from the statement only by its root and by
// carrying no balances), so its schema is the camt.053 one with the notification's root and report types.
// The .001.02 versions Finnish banks deliver have no schema here: the reader checks them (see camt.ts).
import { schemaText } from '../domain/xsd.ts';

const STATEMENT = 'camt.053.001.08';
const NOTIFICATION = 'camt.054.001.08';

const NOTIFICATION_TYPES = `
    <xs:complexType name="BankToCustomerDebitCreditNotificationV08">
        <xs:sequence>
            <xs:element name="GrpHdr" type="GroupHeader81"/>
            <xs:element maxOccurs="unbounded" minOccurs="1" name="Ntfctn" type="AccountNotification17"/>
            <xs:element maxOccurs="unbounded" minOccurs="0" name="SplmtryData" type="SupplementaryData1"/>
        </xs:sequence>
    </xs:complexType>
    <xs:complexType name="AccountNotification17">
        <xs:sequence>
            <xs:element name="Id" type="Max35Text"/>
            <xs:element maxOccurs="1" minOccurs="0" name="NtfctnPgntn" type="Pagination1"/>
            <xs:element maxOccurs="1" minOccurs="0" name="ElctrncSeqNb" type="Number"/>
            <xs:element maxOccurs="1" minOccurs="0" name="RptgSeq" type="SequenceRange1Choice"/>
            <xs:element maxOccurs="1" minOccurs="0" name="LglSeqNb" type="Number"/>
            <xs:element maxOccurs="1" minOccurs="0" name="CreDtTm" type="ISODateTime"/>
            <xs:element maxOccurs="1" minOccurs="0" name="FrToDt" type="DateTimePeriod1"/>
            <xs:element maxOccurs="1" minOccurs="0" name="CpyDplctInd" type="CopyDuplicate1Code"/>
            <xs:element maxOccurs="1" minOccurs="0" name="RptgSrc" type="ReportingSource1Choice"/>
            <xs:element name="Acct" type="CashAccount39"/>
            <xs:element maxOccurs="1" minOccurs="0" name="RltdAcct" type="CashAccount38"/>
            <xs:element maxOccurs="unbounded" minOccurs="0" name="Intrst" type="AccountInterest4"/>
            <xs:element maxOccurs="1" minOccurs="0" name="TxsSummry" type="TotalTransactions6"/>
            <xs:element maxOccurs="unbounded" minOccurs="0" name="Ntry" type="ReportEntry10"/>
            <xs:element maxOccurs="1" minOccurs="0" name="AddtlNtfctnInf" type="Max500Text"/>
        </xs:sequence>
    </xs:complexType>
`;

function notificationSchema(): string {
  const statement = schemaText(`${STATEMENT}.xsd`);
  const root = '<xs:element name="BkToCstmrStmt" type="BankToCustomerStatementV08"/>';
  if (!statement.includes(root))
    throw new Error(`${STATEMENT}.xsd has no BkToCstmrStmt root to derive ${NOTIFICATION} from`);
  return statement
    .replaceAll(STATEMENT, NOTIFICATION)
    .replace(root, '<xs:element name="BkToCstmrDbtCdtNtfctn" type="BankToCustomerDebitCreditNotificationV08"/>')
    .replace('</xs:schema>', `${NOTIFICATION_TYPES}</xs:schema>`);
}

let notification: string | undefined;

/** The schema of a camt message (e.g. `camt.054.001.08`), when Tase has one. */
export function schemaOfNamespace(format: string): { name: string; text: string } | undefined {
  if (format === STATEMENT) return { name: `${STATEMENT}.xsd`, text: schemaText(`${STATEMENT}.xsd`) };
  if (format === NOTIFICATION) return { name: `${NOTIFICATION}.xsd`, text: (notification ??= notificationSchema()) };
  return undefined;
}
