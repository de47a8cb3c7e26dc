// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

const examples: ApiExamples = {
  getInvoices: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            type: 'SALES_INVOICE',
            status: 'PAID',
            invoiceNumber: 1,
            invoiceChannel: 'EMAIL',
            date: '2026-03-16',
            dueDate: '2026-03-30',
            created: '2026-03-16T09:00:00.000',
            version: '2026-03-16T09:00:00.005',
            invoiceSumInfo: [
              {
                currency: 'EUR',
                inAccountingCurrency: true,
                excludingVatTotal: 342.5,
                vatSumTotal: 87.34,
                invoiceSumTotal: 429.84,
              },
            ],
            counterParty: {
              identifier: '2345678-0',
              taxCode: 'FI23456780',
              customerNumber: 'C-1001',
              contactPersonName: 'Maija Meikäläinen',
              email: 'ostoreskontra@aanekoskenkone.fi',
              counterPartyAddress: {
                name: 'Äänekosken Kone Oy',
                street: 'Teollisuustie 7',
                zip: '44100',
                city: 'Äänekoski',
                country: 'FINLAND',
              },
            },
            isOffer: false,
            partnerId: 2,
            creatorId: 1,
          },
          {
            id: 2,
            type: 'PURCHASE_INVOICE',
            status: 'APPROVED',
            invoiceNumber: 1,
            invoiceChannel: 'NO_SENDING',
            date: '2026-03-06',
            dueDate: '2026-03-20',
            created: '2026-03-16T09:00:00.000',
            version: '2026-03-16T09:00:00.003',
            invoiceSumInfo: [
              {
                currency: 'EUR',
                inAccountingCurrency: true,
                excludingVatTotal: 396.8,
                vatSumTotal: 101.18,
                invoiceSumTotal: 497.98,
              },
            ],
            counterParty: {
              counterPartyAddress: {
                name: 'Kuopion Varaosa Oy',
                street: 'Satamakatu 3',
                zip: '70100',
                city: 'Kuopio',
                country: 'FINLAND',
              },
            },
            isOffer: false,
            partnerId: 3,
            creatorId: 1,
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 4, totalCount: 4 },
      },
    },
  },
  postInvoices: {
    request: {
      type: 'SALES_INVOICE',
      partnerId: 2,
      date: '2026-03-16',
      counterParty: {
        identifier: '2345678-0',
        taxCode: 'FI23456780',
        customerNumber: 'C-1001',
        contactPersonName: 'Maija Meikäläinen',
        email: 'ostoreskontra@aanekoskenkone.fi',
        counterPartyAddress: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 7',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
      },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        currency: 'EUR',
        dueDate: '2026-03-30',
        currencyRate: 1,
        bankReferenceCode: '12328',
        bankReferenceCodeType: 'FI',
      },
      extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
      discountPercent: 0,
      orderReference: 'PO-2026-118',
      vatStatus: 1,
      invoiceChannel: 'EMAIL',
      deliveryStartDate: '2026-03-02',
      deliveryEndDate: '2026-03-13',
      invoiceRows: [
        {
          productId: 1,
          product: 'Huoltotyö',
          productCode: 'H1',
          quantity: 3.5,
          unit: 'HOUR',
          unitPrice: 80,
          discountPercent: 0,
          vatPercent: 25.5,
          vatStatus: 1,
          comment: 'Maaliskuun huoltokäynnit',
        },
        {
          product: 'Suodatin',
          quantity: 2,
          unit: 'PIECE',
          unitPrice: 12.5,
          discountPercent: 10,
          vatPercent: 25.5,
          vatStatus: 1,
        },
      ],
    },
    responses: {
      200: {
        type: 'SALES_INVOICE',
        partnerId: 2,
        date: '2026-03-16',
        counterParty: {
          identifier: '2345678-0',
          taxCode: 'FI23456780',
          customerNumber: 'C-1001',
          contactPersonName: 'Maija Meikäläinen',
          email: 'ostoreskontra@aanekoskenkone.fi',
          counterPartyAddress: {
            name: 'Äänekosken Kone Oy',
            street: 'Teollisuustie 7',
            zip: '44100',
            city: 'Äänekoski',
            country: 'FINLAND',
          },
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'EUR',
          dueDate: '2026-03-30',
          currencyRate: 1,
          bankReferenceCode: '12328',
          bankReferenceCodeType: 'FI',
        },
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
        discountPercent: 0,
        orderReference: 'PO-2026-118',
        vatStatus: 1,
        invoiceChannel: 'EMAIL',
        deliveryStartDate: '2026-03-02',
        deliveryEndDate: '2026-03-13',
        invoiceRows: [
          {
            productId: 1,
            product: 'Huoltotyö',
            productCode: 'H1',
            quantity: 3.5,
            unit: 'HOUR',
            unitPrice: 80,
            discountPercent: 0,
            vatPercent: 25.5,
            vatStatus: 1,
            comment: 'Maaliskuun huoltokäynnit',
            id: 1,
          },
          {
            product: 'Suodatin',
            quantity: 2,
            unit: 'PIECE',
            unitPrice: 12.5,
            discountPercent: 10,
            vatPercent: 25.5,
            vatStatus: 1,
            id: 2,
          },
        ],
        id: 1,
        status: 'UNFINISHED',
        invoiceNumber: 1,
        version: '2026-03-16T09:00:00.000',
        sum: 379.64,
        invoiceSumInfo: [
          {
            currency: 'EUR',
            inAccountingCurrency: true,
            excludingVatTotal: 302.5,
            vatSumTotal: 77.14,
            invoiceSumTotal: 379.64,
          },
        ],
        attachments: [],
        isOffer: false,
        creatorId: 1,
      },
    },
  },
  getInvoicesPersonalapprovals: { responses: { 200: { invoiceIds: [] } } },
  getInvoicesPersonalverifications: { responses: { 200: { invoiceIds: [] } } },
  getInvoicesByInvoiceId: {
    responses: {
      200: {
        type: 'SALES_INVOICE',
        partnerId: 2,
        date: '2026-03-16',
        counterParty: {
          identifier: '2345678-0',
          taxCode: 'FI23456780',
          customerNumber: 'C-1001',
          contactPersonName: 'Maija Meikäläinen',
          email: 'ostoreskontra@aanekoskenkone.fi',
          counterPartyAddress: {
            name: 'Äänekosken Kone Oy',
            street: 'Teollisuustie 7',
            zip: '44100',
            city: 'Äänekoski',
            country: 'FINLAND',
          },
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'EUR',
          dueDate: '2026-03-30',
          currencyRate: 1,
          bankReferenceCode: '12328',
          bankReferenceCodeType: 'FI',
        },
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
        discountPercent: 0,
        orderReference: 'PO-2026-118',
        vatStatus: 1,
        invoiceChannel: 'EMAIL',
        invoiceRows: [
          {
            productId: 1,
            product: 'Huoltotyö',
            productCode: 'H1',
            quantity: 4,
            unit: 'HOUR',
            unitPrice: 80,
            discountPercent: 0,
            vatPercent: 25.5,
            vatStatus: 1,
            comment: 'Maaliskuun huoltokäynnit',
            id: 3,
          },
          {
            product: 'Suodatin',
            quantity: 2,
            unit: 'PIECE',
            unitPrice: 12.5,
            discountPercent: 10,
            vatPercent: 25.5,
            vatStatus: 1,
            id: 4,
          },
        ],
        id: 1,
        status: 'PAID',
        invoiceNumber: 1,
        version: '2026-03-16T09:00:00.005',
        sum: 429.84,
        invoiceSumInfo: [
          {
            currency: 'EUR',
            inAccountingCurrency: true,
            excludingVatTotal: 342.5,
            vatSumTotal: 87.34,
            invoiceSumTotal: 429.84,
          },
        ],
        attachments: [
          {
            id: 1,
            name: 'kuitti-2026-03-16.pdf',
            referenceType: 'INVOICE',
            referenceId: 1,
            mimeType: 'text/plain',
            sendWithInvoice: true,
          },
        ],
        isOffer: false,
        ledgerReceiptId: 2,
        creatorId: 1,
        paymentDate: '2026-03-13',
        notes: 'Asiakas pyysi laskun kopion myös postitse.',
      },
    },
  },
  putInvoicesByInvoiceId: {
    request: {
      type: 'SALES_INVOICE',
      partnerId: 2,
      date: '2026-03-16',
      version: '2026-03-16T09:00:00.000',
      counterParty: {
        identifier: '2345678-0',
        taxCode: 'FI23456780',
        customerNumber: 'C-1001',
        contactPersonName: 'Maija Meikäläinen',
        email: 'ostoreskontra@aanekoskenkone.fi',
        counterPartyAddress: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 7',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
      },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        currency: 'EUR',
        dueDate: '2026-03-30',
        currencyRate: 1,
        bankReferenceCode: '12328',
        bankReferenceCodeType: 'FI',
      },
      extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
      discountPercent: 0,
      orderReference: 'PO-2026-118',
      vatStatus: 1,
      invoiceChannel: 'EMAIL',
      invoiceRows: [
        {
          productId: 1,
          product: 'Huoltotyö',
          productCode: 'H1',
          quantity: 4,
          unit: 'HOUR',
          unitPrice: 80,
          discountPercent: 0,
          vatPercent: 25.5,
          vatStatus: 1,
          comment: 'Maaliskuun huoltokäynnit',
        },
        {
          product: 'Suodatin',
          quantity: 2,
          unit: 'PIECE',
          unitPrice: 12.5,
          discountPercent: 10,
          vatPercent: 25.5,
          vatStatus: 1,
        },
      ],
    },
    responses: {
      200: {
        type: 'SALES_INVOICE',
        partnerId: 2,
        date: '2026-03-16',
        counterParty: {
          identifier: '2345678-0',
          taxCode: 'FI23456780',
          customerNumber: 'C-1001',
          contactPersonName: 'Maija Meikäläinen',
          email: 'ostoreskontra@aanekoskenkone.fi',
          counterPartyAddress: {
            name: 'Äänekosken Kone Oy',
            street: 'Teollisuustie 7',
            zip: '44100',
            city: 'Äänekoski',
            country: 'FINLAND',
          },
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'EUR',
          dueDate: '2026-03-30',
          currencyRate: 1,
          bankReferenceCode: '12328',
          bankReferenceCodeType: 'FI',
        },
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
        discountPercent: 0,
        orderReference: 'PO-2026-118',
        vatStatus: 1,
        invoiceChannel: 'EMAIL',
        invoiceRows: [
          {
            productId: 1,
            product: 'Huoltotyö',
            productCode: 'H1',
            quantity: 4,
            unit: 'HOUR',
            unitPrice: 80,
            discountPercent: 0,
            vatPercent: 25.5,
            vatStatus: 1,
            comment: 'Maaliskuun huoltokäynnit',
            id: 3,
          },
          {
            product: 'Suodatin',
            quantity: 2,
            unit: 'PIECE',
            unitPrice: 12.5,
            discountPercent: 10,
            vatPercent: 25.5,
            vatStatus: 1,
            id: 4,
          },
        ],
        id: 1,
        status: 'UNFINISHED',
        invoiceNumber: 1,
        version: '2026-03-16T09:00:00.001',
        sum: 429.84,
        invoiceSumInfo: [
          {
            currency: 'EUR',
            inAccountingCurrency: true,
            excludingVatTotal: 342.5,
            vatSumTotal: 87.34,
            invoiceSumTotal: 429.84,
          },
        ],
        attachments: [],
        isOffer: false,
        creatorId: 1,
      },
    },
  },
  putInvoicesByInvoiceIdApprove: {
    request: { comment: 'Tarkistettu ja hyväksytty.' },
    responses: { 200: { message: 'Invoice 1: approve done; status NOT_SENT.' } },
  },
  putInvoicesByInvoiceIdSend: { responses: { 200: { message: 'Invoice 1: send done; status SENT.' } } },
  putInvoicesByInvoiceIdUnfinished: {
    responses: { 200: { message: 'Invoice 1: unfinished done; status UNFINISHED.' } },
  },
  putInvoicesByInvoiceIdInvalidate: {
    responses: { 200: { message: 'Invoice 1: invalidate done; status INVALIDATED.' } },
  },
  putInvoicesByInvoiceIdVerify: {
    request: { comment: 'Toimitus vastaanotettu, summat täsmäävät.' },
    responses: { 200: { message: 'Invoice 1: verify done; status VERIFIED.' } },
  },
  putInvoicesByInvoiceIdReject: {
    request: { comment: 'Laskulla väärä tilausnumero, pyydetään hyvityslasku.' },
    responses: { 200: { message: 'Invoice 2: reject done; status PAYMENT_DENIED.' } },
  },
  putInvoicesByInvoiceIdSendToCirculation: {
    responses: { 200: { message: 'Invoice 2: sendToCirculation done; status RECEIVED.' } },
  },
  putInvoicesByInvoiceIdNotes: {
    request: { notes: 'Asiakas pyysi laskun kopion myös postitse.' },
    responses: { 200: { message: 'The invoice notes were successfully updated.' } },
  },
  getInvoicesTransactions: {
    responses: {
      200: {
        results: [
          {
            invoiceId: 1,
            transactions: [
              {
                action: 'APPROVAL',
                name: 'Demo User',
                date: '2026-03-16T09:00:00.000',
                details: 'Tarkistettu ja hyväksytty.',
              },
              { action: 'MARKED_PAID', name: 'Demo User', date: '2026-03-16T09:00:00.000', details: '28.98 EUR' },
            ],
          },
          {
            invoiceId: 2,
            transactions: [{ action: 'APPROVAL', name: 'Demo User', date: '2026-03-16T09:10:00.000' }],
          },
        ],
      },
    },
  },
  getInvoicesByInvoiceIdTransactions: {
    responses: {
      200: {
        transactions: [
          {
            action: 'APPROVAL',
            name: 'Demo User',
            date: '2026-03-16T09:00:00.000',
            details: 'Tarkistettu ja hyväksytty.',
          },
          { action: 'MARKED_PAID', name: 'Demo User', date: '2026-03-16T09:00:00.000', details: '28.98 EUR' },
          { action: 'MARKED_PAID', name: 'Demo User', date: '2026-03-16T09:00:00.000', details: '400.86 EUR' },
        ],
      },
    },
  },
  putInvoicesByInvoiceIdPaymenteventsMarkpaid: {
    request: {
      paymentDate: '2026-03-16',
      amount: 28.98,
      currency: 'EUR',
      description: 'Käteismaksu huoltokäynnillä',
      paymentMethodType: 'CASH',
    },
    responses: {
      200: {
        id: 1,
        invoiceId: 1,
        type: 'CASH',
        paymentDate: '2026-03-16',
        status: 'MARKED_PAID',
        amount: 28.98,
        currency: 'EUR',
        paidAmount: 28.98,
        paidCurrency: 'EUR',
        description: 'Käteismaksu huoltokäynnillä',
      },
    },
  },
  getInvoicesByInvoiceIdPaymentevents: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            invoiceId: 1,
            type: 'CASH',
            paymentDate: '2026-03-16',
            status: 'MARKED_PAID',
            amount: 28.98,
            currency: 'EUR',
            paidAmount: 28.98,
            paidCurrency: 'EUR',
            description: 'Käteismaksu huoltokäynnillä',
          },
          {
            id: 2,
            invoiceId: 1,
            type: 'BANKSTATEMENT',
            paymentDate: '2026-03-13',
            status: 'MARKED_PAID',
            amount: 400.86,
            currency: 'EUR',
            paidAmount: 429.84,
            paidCurrency: 'EUR',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 2, totalCount: 2 },
      },
    },
  },
  getInvoicesByInvoiceIdPaymenteventsByPaymentEventId: {
    responses: {
      200: {
        id: 1,
        invoiceId: 1,
        type: 'CASH',
        paymentDate: '2026-03-16',
        status: 'MARKED_PAID',
        amount: 28.98,
        currency: 'EUR',
        paidAmount: 28.98,
        paidCurrency: 'EUR',
        description: 'Käteismaksu huoltokäynnillä',
      },
    },
  },
  deleteInvoicesByInvoiceIdPaymenteventsByPaymentEventId: {
    responses: {
      202: { transactionIdentifier: '7e6323f7-8937-49ec-aeff-c2d640c43344', confirmationApp: 'TASE_AUTHENTICATOR' },
    },
  },
  getInvoicesByInvoiceIdComments: {
    responses: {
      200: {
        comments: [
          {
            id: 1,
            author: 'Demo User',
            dateTime: '2026-03-16T09:00:00.000',
            comment: 'Tarkistetaanko tuntimäärä ennen hyväksyntää?',
            taggedUsersInfo: { numTaggedUsers: 0, readByAllTaggedUsers: true },
          },
        ],
      },
    },
  },
  postInvoicesByInvoiceIdComments: {
    request: { comment: 'Tarkistetaanko tuntimäärä ennen hyväksyntää?' },
    responses: {
      200: {
        id: 1,
        author: 'Demo User',
        dateTime: '2026-03-16T09:00:00.000',
        comment: 'Tarkistetaanko tuntimäärä ennen hyväksyntää?',
        taggedUsersInfo: { numTaggedUsers: 0, readByAllTaggedUsers: true },
      },
    },
  },
  getInvoicesByInvoiceIdCommentsTaggableusers: {
    responses: { 200: { taggableUsers: [{ userTagId: 1, displayName: 'demo', fullName: 'Demo User' }] } },
  },
  getInvoicesByInvoiceIdCommentsByCommentId: {
    responses: {
      200: {
        id: 1,
        author: 'Demo User',
        dateTime: '2026-03-16T09:00:00.000',
        comment: 'Tarkistetaanko tuntimäärä ennen hyväksyntää?',
        taggedUsersInfo: { numTaggedUsers: 0, readByAllTaggedUsers: true },
        taggedUsers: [],
      },
    },
  },
  putInvoicesByInvoiceIdCommentsByCommentIdRead: { responses: { 200: { message: 'Comment marked as read.' } } },
  postInvoicesFinvoice: {
    request: `<?xml version="1.0" encoding="UTF-8"?>
<Finvoice Version="3.0">
  <SellerPartyDetails>
    <SellerPartyIdentifier>1572860-0</SellerPartyIdentifier>
    <SellerOrganisationName>Kuopion Varaosa Oy</SellerOrganisationName>
    <SellerOrganisationTaxCode>FI15728600</SellerOrganisationTaxCode>
    <SellerPostalAddressDetails>
      <SellerStreetName>Satamakatu 3</SellerStreetName>
      <SellerTownName>Kuopio</SellerTownName>
      <SellerPostCodeIdentifier>70100</SellerPostCodeIdentifier>
      <CountryCode>FI</CountryCode>
    </SellerPostalAddressDetails>
  </SellerPartyDetails>
  <SellerInformationDetails>
    <SellerHomeTownName>Kuopio</SellerHomeTownName>
    <SellerVatRegistrationText>Alv.Rek.</SellerVatRegistrationText>
    <SellerAccountDetails>
      <SellerAccountID IdentificationSchemeName="IBAN">FI7747100010001238</SellerAccountID>
      <SellerBic IdentificationSchemeName="BIC">POPFFI22</SellerBic>
    </SellerAccountDetails>
  </SellerInformationDetails>
  <BuyerPartyDetails>
    <BuyerPartyIdentifier>1234567-1</BuyerPartyIdentifier>
    <BuyerOrganisationName>Demo Oy</BuyerOrganisationName>
    <BuyerPostalAddressDetails>
      <BuyerStreetName>PL 123</BuyerStreetName>
      <BuyerTownName>Helsinki</BuyerTownName>
      <BuyerPostCodeIdentifier>00101</BuyerPostCodeIdentifier>
      <CountryCode>FI</CountryCode>
    </BuyerPostalAddressDetails>
  </BuyerPartyDetails>
  <BuyerOrganisationUnitNumber>003712345671</BuyerOrganisationUnitNumber>
  <InvoiceDetails>
    <InvoiceTypeCode>INV01</InvoiceTypeCode>
    <InvoiceTypeText>LASKU</InvoiceTypeText>
    <OriginCode>Original</OriginCode>
    <InvoiceNumber>26041</InvoiceNumber>
    <InvoiceDate Format="CCYYMMDD">20260316</InvoiceDate>
    <InvoiceTotalVatExcludedAmount AmountCurrencyIdentifier="EUR">99,20</InvoiceTotalVatExcludedAmount>
    <InvoiceTotalVatAmount AmountCurrencyIdentifier="EUR">25,30</InvoiceTotalVatAmount>
    <InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">124,50</InvoiceTotalVatIncludedAmount>
    <VatSpecificationDetails>
      <VatBaseAmount AmountCurrencyIdentifier="EUR">99,20</VatBaseAmount>
      <VatRatePercent>25,5</VatRatePercent>
      <VatRateAmount AmountCurrencyIdentifier="EUR">25,30</VatRateAmount>
    </VatSpecificationDetails>
    <PaymentTermsDetails>
      <InvoiceDueDate Format="CCYYMMDD">20260330</InvoiceDueDate>
    </PaymentTermsDetails>
  </InvoiceDetails>
  <VirtualBankBarcode>477471000100012380001245000000000000000000010090260330</VirtualBankBarcode>
  <InvoiceRow>
    <ArticleName>Hydrauliletku DN16</ArticleName>
    <DeliveredQuantity QuantityUnitCode="PIECE">4</DeliveredQuantity>
    <UnitPriceAmount AmountCurrencyIdentifier="EUR">24,80</UnitPriceAmount>
    <RowVatRatePercent>25,5</RowVatRatePercent>
    <RowVatAmount AmountCurrencyIdentifier="EUR">25,30</RowVatAmount>
    <RowVatExcludedAmount AmountCurrencyIdentifier="EUR">99,20</RowVatExcludedAmount>
    <RowAmount AmountCurrencyIdentifier="EUR">124,50</RowAmount>
  </InvoiceRow>
  <EpiDetails>
    <EpiIdentificationDetails>
      <EpiDate Format="CCYYMMDD">20260316</EpiDate>
      <EpiReference>26041</EpiReference>
    </EpiIdentificationDetails>
    <EpiPartyDetails>
      <EpiBfiPartyDetails>
        <EpiBfiIdentifier IdentificationSchemeName="BIC">POPFFI22</EpiBfiIdentifier>
      </EpiBfiPartyDetails>
      <EpiBeneficiaryPartyDetails>
        <EpiNameAddressDetails>Kuopion Varaosa Oy</EpiNameAddressDetails>
        <EpiBei>1572860-0</EpiBei>
        <EpiAccountID IdentificationSchemeName="IBAN">FI7747100010001238</EpiAccountID>
      </EpiBeneficiaryPartyDetails>
    </EpiPartyDetails>
    <EpiPaymentInstructionDetails>
      <EpiRemittanceInfoIdentifier IdentificationSchemeName="SPY">10090</EpiRemittanceInfoIdentifier>
      <EpiInstructedAmount AmountCurrencyIdentifier="EUR">124,50</EpiInstructedAmount>
      <EpiCharge ChargeOption="SHA">SHA</EpiCharge>
      <EpiDateOptionDate Format="CCYYMMDD">20260330</EpiDateOptionDate>
    </EpiPaymentInstructionDetails>
  </EpiDetails>
</Finvoice>`,
    responses: {
      200: {
        type: 'PURCHASE_INVOICE',
        date: '2026-03-16',
        counterParty: {
          identifier: '1572860-0',
          taxCode: 'FI15728600',
          counterPartyAddress: {
            name: 'Kuopion Varaosa Oy',
            street: 'Satamakatu 3',
            zip: '70100',
            city: 'Kuopio',
            country: 'FINLAND',
          },
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          currency: 'EUR',
          dueDate: '2026-03-30',
          currencyRate: 1,
          bankAccount: { accountNumber: 'FI7747100010001238', bic: 'POPFFI22' },
          bankReferenceCode: '10090',
          bankReferenceCodeType: 'FI',
        },
        extraInfo: { accountingByRow: false, unitPricesIncludeVat: false },
        discountPercent: 0,
        sellerReferenceIdentifier: '26041',
        invoiceChannel: 'NO_SENDING',
        vatStatus: 1,
        invoiceRows: [
          {
            product: 'Hydrauliletku DN16',
            quantity: 4,
            unit: 'PIECE',
            unitPrice: 24.8,
            discountPercent: 0,
            vatPercent: 25.5,
            id: 7,
          },
        ],
        id: 4,
        status: 'UNFINISHED',
        invoiceNumber: 3,
        version: '2026-03-16T09:00:00.000',
        sum: 124.5,
        invoiceSumInfo: [
          {
            currency: 'EUR',
            inAccountingCurrency: true,
            excludingVatTotal: 99.2,
            vatSumTotal: 25.3,
            invoiceSumTotal: 124.5,
          },
        ],
        attachments: [],
        isOffer: false,
        creatorId: 1,
      },
    },
  },
};

/** The example message in its transmission frame, as an operator delivers it (another invoice number). */
const framedExample = (request: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:eb="http://www.oasis-open.org/committees/ebxml-msg/schema/msg-header-2_0.xsd">
  <SOAP-ENV:Header>
    <eb:MessageHeader SOAP-ENV:mustUnderstand="1" eb:version="2.0">
      <eb:From><eb:PartyId>003715728600</eb:PartyId><eb:Role>Sender</eb:Role></eb:From>
      <eb:To><eb:PartyId>003712345671</eb:PartyId><eb:Role>Receiver</eb:Role></eb:To>
      <eb:CPAId>yoursandmycpa</eb:CPAId>
      <eb:MessageData><eb:MessageId>26042/1</eb:MessageId><eb:Timestamp>2026-03-17T08:00:00+02:00</eb:Timestamp></eb:MessageData>
    </eb:MessageHeader>
  </SOAP-ENV:Header>
  <SOAP-ENV:Body><eb:Manifest eb:version="2.0"><eb:Reference xlink:href="26042/1" xmlns:xlink="http://www.w3.org/1999/xlink"/></eb:Manifest></SOAP-ENV:Body>
</SOAP-ENV:Envelope>
${request.replace('<InvoiceNumber>26041</InvoiceNumber>', '<InvoiceNumber>26042</InvoiceNumber>')}`;

const single = examples.postInvoicesFinvoice;
export const invoicesExamples: ApiExamples = {
  ...examples,
  postInvoicesFinvoiceDeliveries: {
    request: framedExample(single.request as string),
    responses: {
      200: {
        invoices: [
          {
            ...(single.responses![200] as object),
            id: 5,
            invoiceNumber: 4,
            sellerReferenceIdentifier: '26042',
            invoiceRows: [{ ...(single.responses![200] as { invoiceRows: object[] }).invoiceRows[0], id: 8 }],
          },
        ],
      },
    },
  },
};
