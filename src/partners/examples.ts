// Examples of this area's request bodies and answers in the OpenAPI document, by operationId (src/platform/openapi-examples.ts).
import type { ApiExamples } from '../platform/openapi-examples.ts';

export const partnersExamples: ApiExamples = {
  getBusinesspartners: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            name: 'Demo User',
            type: 'PERSON',
            registryInfo: { active: true },
            version: '2026-03-16T09:00:00.000',
          },
          {
            id: 2,
            name: 'Äänekosken Kone Oy',
            type: 'CUSTOMER',
            invoicingInfo: { customerNumber: 'C-1001', identifier: '2345678-0', identifierType: 'YHD' },
            registryInfo: { active: true },
            version: '2026-03-16T09:00:00.003',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 4, totalCount: 4 },
      },
    },
  },
  postBusinesspartners: {
    request: {
      name: 'Äänekosken Kone Oy',
      type: 'CUSTOMER',
      address: {
        name: 'Äänekosken Kone Oy',
        street: 'Teollisuustie 5 B',
        zip: '44100',
        city: 'Äänekoski',
        country: 'FINLAND',
      },
      invoicingInfo: {
        customerNumber: 'C-1001',
        identifier: '2345678-0',
        identifierType: 'YHD',
        taxCode: 'FI23456780',
        invoiceChannel: 'EMAIL',
        contactPerson: 'Maija Meikäläinen',
        language: 'FINNISH',
        email: 'ostoreskontra@aanekoskenkone.fi',
      },
      contactPersons: [
        { name: 'Maija Meikäläinen', email: 'maija.meikalainen@aanekoskenkone.fi', phone: '+358 40 123 4567' },
      ],
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '14', penalInterestRate: 11.5, currency: 'EUR' },
      registryInfo: {
        active: true,
        phone: '+358 14 555 0100',
        homeMunicipality: 'Äänekoski',
        partnerGroups: [{ id: 1 }],
      },
    },
    responses: {
      200: {
        id: 2,
        name: 'Äänekosken Kone Oy',
        type: 'CUSTOMER',
        address: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 5 B',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
        invoicingInfo: {
          customerNumber: 'C-1001',
          identifier: '2345678-0',
          identifierType: 'YHD',
          taxCode: 'FI23456780',
          invoiceChannel: 'EMAIL',
          contactPerson: 'Maija Meikäläinen',
          language: 'FINNISH',
          email: 'ostoreskontra@aanekoskenkone.fi',
        },
        contactPersons: [
          { name: 'Maija Meikäläinen', email: 'maija.meikalainen@aanekoskenkone.fi', phone: '+358 40 123 4567' },
        ],
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          paymentTermDays: '14',
          penalInterestRate: 11.5,
          currency: 'EUR',
        },
        registryInfo: {
          phone: '+358 14 555 0100',
          homeMunicipality: 'Äänekoski',
          active: true,
          partnerGroups: [{ id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true }],
        },
        version: '2026-03-16T09:00:00.000',
      },
    },
  },
  getBusinesspartnersGroups: {
    responses: {
      200: {
        results: [{ id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true }],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  postBusinesspartnersGroups: {
    request: { name: 'Avainasiakkaat', type: 'CUSTOMER', active: true },
    responses: { 200: { id: 1, name: 'Avainasiakkaat', type: 'CUSTOMER', active: true } },
  },
  getBusinesspartnersGroupsByGroupId: {
    responses: { 200: { id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true } },
  },
  putBusinesspartnersGroupsByGroupId: {
    request: { name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true },
    responses: { 200: { id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true } },
  },
  getBusinesspartnersPersonaldetails: { responses: { 200: { partnerId: 1, firstName: 'Demo', lastName: 'User' } } },
  getBusinesspartnersByPartnerId: {
    responses: {
      200: {
        id: 2,
        name: 'Äänekosken Kone Oy',
        type: 'CUSTOMER',
        address: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 7',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
        invoicingInfo: {
          customerNumber: 'C-1001',
          identifier: '2345678-0',
          identifierType: 'YHD',
          taxCode: 'FI23456780',
          invoiceChannel: 'EMAIL',
          contactPerson: 'Maija Meikäläinen',
          language: 'FINNISH',
          email: 'ostoreskontra@aanekoskenkone.fi',
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          paymentTermDays: '14',
          penalInterestRate: 11.5,
          currency: 'EUR',
        },
        registryInfo: {
          phone: '+358 14 555 0199',
          homeMunicipality: 'Äänekoski',
          active: true,
          partnerGroups: [{ id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true }],
        },
        version: '2026-03-16T09:00:00.003',
      },
    },
  },
  putBusinesspartnersByPartnerId: {
    request: {
      name: 'Äänekosken Kone Oy',
      type: 'CUSTOMER',
      address: {
        name: 'Äänekosken Kone Oy',
        street: 'Teollisuustie 7',
        zip: '44100',
        city: 'Äänekoski',
        country: 'FINLAND',
      },
      invoicingInfo: {
        customerNumber: 'C-1001',
        identifier: '2345678-0',
        identifierType: 'YHD',
        taxCode: 'FI23456780',
        invoiceChannel: 'EMAIL',
        contactPerson: 'Maija Meikäläinen',
        language: 'FINNISH',
        email: 'ostoreskontra@aanekoskenkone.fi',
      },
      paymentInfo: { paymentMethod: 'BANK_TRANSFER', paymentTermDays: '14', penalInterestRate: 11.5, currency: 'EUR' },
      registryInfo: {
        active: true,
        phone: '+358 14 555 0100',
        homeMunicipality: 'Äänekoski',
        partnerGroups: [{ id: 1 }],
      },
      version: '2026-03-16T09:00:00.000',
    },
    responses: {
      200: {
        id: 2,
        name: 'Äänekosken Kone Oy',
        type: 'CUSTOMER',
        address: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 7',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
        invoicingInfo: {
          customerNumber: 'C-1001',
          identifier: '2345678-0',
          identifierType: 'YHD',
          taxCode: 'FI23456780',
          invoiceChannel: 'EMAIL',
          contactPerson: 'Maija Meikäläinen',
          language: 'FINNISH',
          email: 'ostoreskontra@aanekoskenkone.fi',
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          paymentTermDays: '14',
          penalInterestRate: 11.5,
          currency: 'EUR',
        },
        registryInfo: {
          phone: '+358 14 555 0100',
          homeMunicipality: 'Äänekoski',
          active: true,
          partnerGroups: [{ id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true }],
        },
        version: '2026-03-16T09:00:00.001',
      },
    },
  },
  patchBusinesspartnersByPartnerId: {
    request: { registryInfo: { phone: '+358 14 555 0199' }, version: '2026-03-16T09:00:00.001' },
    responses: {
      200: {
        id: 2,
        name: 'Äänekosken Kone Oy',
        type: 'CUSTOMER',
        address: {
          name: 'Äänekosken Kone Oy',
          street: 'Teollisuustie 7',
          zip: '44100',
          city: 'Äänekoski',
          country: 'FINLAND',
        },
        invoicingInfo: {
          customerNumber: 'C-1001',
          identifier: '2345678-0',
          identifierType: 'YHD',
          taxCode: 'FI23456780',
          invoiceChannel: 'EMAIL',
          contactPerson: 'Maija Meikäläinen',
          language: 'FINNISH',
          email: 'ostoreskontra@aanekoskenkone.fi',
        },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          paymentTermDays: '14',
          penalInterestRate: 11.5,
          currency: 'EUR',
        },
        registryInfo: {
          phone: '+358 14 555 0199',
          homeMunicipality: 'Äänekoski',
          active: true,
          partnerGroups: [{ id: 1, name: 'Avainasiakkaat (Uusimaa)', type: 'CUSTOMER', active: true }],
        },
        version: '2026-03-16T09:00:00.002',
      },
    },
  },
  getBusinesspartnersByPartnerIdDefaultsProducts: {
    responses: {
      200: [
        {
          id: 1,
          productInfo: {
            id: 1,
            type: 'SALES',
            name: 'Huoltotyö',
            code: 'H1',
            unit: 'HOUR',
            discount: 0,
            price: 89.5,
            vat: 25.5,
            active: true,
            currency: 'EUR',
            productGroupId: 1,
            productLocalizations: [
              { language: 'SWEDISH', productName: 'Servicearbete' },
              { language: 'ENGLISH', productName: 'Maintenance work' },
            ],
            version: '2026-03-16T09:00:00.002',
          },
          defaultSettings: {
            useSpecialPrice: true,
            specialPrice: 75,
            useSpecialDiscount: false,
            amount: 1,
            comment: 'Sopimushinta 2026',
          },
          validityPeriods: [{ startDate: '2026-01-01', endDate: '2026-12-31', notes: 'Puitesopimus' }],
        },
      ],
    },
  },
  putBusinesspartnersByPartnerIdDefaultsProducts: {
    request: [
      {
        productId: 1,
        defaultSettings: {
          useSpecialPrice: true,
          specialPrice: 75,
          useSpecialDiscount: false,
          amount: 1,
          comment: 'Sopimushinta 2026',
        },
        validityPeriods: [{ startDate: '2026-01-01', endDate: '2026-12-31', notes: 'Puitesopimus' }],
      },
    ],
    responses: {
      200: [
        {
          id: 1,
          productInfo: {
            id: 1,
            type: 'SALES',
            name: 'Huoltotyö',
            code: 'H1',
            unit: 'HOUR',
            discount: 0,
            price: 89.5,
            vat: 25.5,
            active: true,
            currency: 'EUR',
            productGroupId: 1,
            productLocalizations: [
              { language: 'SWEDISH', productName: 'Servicearbete' },
              { language: 'ENGLISH', productName: 'Maintenance work' },
            ],
            version: '2026-03-16T09:00:00.002',
          },
          defaultSettings: {
            useSpecialPrice: true,
            specialPrice: 75,
            useSpecialDiscount: false,
            amount: 1,
            comment: 'Sopimushinta 2026',
          },
          validityPeriods: [{ startDate: '2026-01-01', endDate: '2026-12-31', notes: 'Puitesopimus' }],
        },
      ],
    },
  },
  getBusinesspartnersByPartnerIdDefaultsAccounts: {
    responses: {
      200: {
        vatPercent: 25.5,
        vatStatus: 1,
        salesInvoiceAccounts: { creditAccount: { code: '3000', name: 'Myynti' } },
      },
    },
  },
  putBusinesspartnersByPartnerIdDefaultsAccounts: {
    request: { vatPercent: 25.5, vatStatus: 1, salesInvoiceAccounts: { creditAccount: { code: '3000' } } },
    responses: {
      200: {
        vatPercent: 25.5,
        vatStatus: 1,
        salesInvoiceAccounts: { creditAccount: { code: '3000', name: 'Myynti' } },
      },
    },
  },
  getBusinesspartnersByPartnerIdDefaultsDimensions: {
    responses: {
      200: [
        {
          id: 1,
          name: 'Kustannuspaikka',
          items: [{ id: 1, codeName: 'HKI', percent: 100, status: true, description: 'Helsingin toimipiste' }],
        },
      ],
    },
  },
  getBusinesspartnersByPartnerIdDefaultsDimensionsByDimensionId: {
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [{ id: 1, codeName: 'HKI', percent: 100, status: true, description: 'Helsingin toimipiste' }],
      },
    },
  },
  putBusinesspartnersByPartnerIdDefaultsDimensionsByDimensionId: {
    request: { id: 1, items: [{ id: 1, codeName: 'HKI', percent: 100 }] },
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [{ id: 1, codeName: 'HKI', percent: 100, status: true, description: 'Helsingin toimipiste' }],
      },
    },
  },
  getPersons: {
    responses: {
      200: {
        results: [
          { id: 1, lastName: 'User', firstName: 'Demo', registryInfo: { active: true } },
          {
            id: 4,
            lastName: 'Virtanen',
            firstName: 'Matti',
            deliveryAddress: { street: 'Hämeenkatu 12 B 7', zip: '33100', city: 'Tampere', country: 'FINLAND' },
            invoicingInfo: { identifier: '150585-123L', identifierType: 'HETU' },
            registryInfo: { active: true },
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 2, totalCount: 2 },
      },
    },
  },
  postPersons: {
    request: {
      firstName: 'Matti',
      lastName: 'Virtanen',
      jobTitle: 'Huoltoasentaja',
      deliveryAddress: { street: 'Hämeenkatu 10 A 5', zip: '33100', city: 'Tampere', country: 'FINLAND' },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        accountNumber: 'FI4950009420028730',
        bic: 'OKOYFIHH',
        paymentTermDays: '0',
        penalInterestRate: 0,
      },
      invoicingInfo: {
        identifier: '150585-123L',
        identifierType: 'HETU',
        dateOfBirth: '1985-05-15',
        language: 'FINNISH',
        gender: 'MALE',
      },
      registryInfo: {
        active: true,
        email: 'matti.virtanen@example.fi',
        mobilePhone: '+358 50 765 4321',
        homeMunicipality: 'Tampere',
      },
    },
    responses: {
      200: {
        id: 4,
        firstName: 'Matti',
        lastName: 'Virtanen',
        jobTitle: 'Huoltoasentaja',
        deliveryAddress: { street: 'Hämeenkatu 10 A 5', zip: '33100', city: 'Tampere', country: 'FINLAND' },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          accountNumber: 'FI4950009420028730',
          bic: 'OKOYFIHH',
          paymentTermDays: '0',
          penalInterestRate: 0,
        },
        invoicingInfo: {
          identifier: '150585-123L',
          identifierType: 'HETU',
          dateOfBirth: '1985-05-15',
          language: 'FINNISH',
          gender: 'MALE',
        },
        registryInfo: {
          active: true,
          email: 'matti.virtanen@example.fi',
          mobilePhone: '+358 50 765 4321',
          homeMunicipality: 'Tampere',
        },
        version: '2026-03-16T09:00:00.001',
      },
    },
  },
  getPersonsByPersonIdDefaultsProducts: { responses: { 200: [] } },
  getPersonsByPersonId: {
    responses: {
      200: {
        id: 4,
        firstName: 'Matti',
        lastName: 'Virtanen',
        jobTitle: 'Huoltoasentaja',
        deliveryAddress: { street: 'Hämeenkatu 12 B 7', zip: '33100', city: 'Tampere', country: 'FINLAND' },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          accountNumber: 'FI4950009420028730',
          bic: 'OKOYFIHH',
          paymentTermDays: '0',
          penalInterestRate: 0,
        },
        invoicingInfo: {
          identifier: '150585-123L',
          identifierType: 'HETU',
          dateOfBirth: '1985-05-15',
          language: 'FINNISH',
          gender: 'MALE',
        },
        registryInfo: {
          active: true,
          email: 'matti.virtanen@example.fi',
          mobilePhone: '+358 50 765 4321',
          homeMunicipality: 'Tampere',
        },
        version: '2026-03-16T09:00:00.002',
      },
    },
  },
  putPersonsByPersonId: {
    request: {
      firstName: 'Matti',
      lastName: 'Virtanen',
      jobTitle: 'Huoltoasentaja',
      deliveryAddress: { street: 'Hämeenkatu 12 B 7', zip: '33100', city: 'Tampere', country: 'FINLAND' },
      paymentInfo: {
        paymentMethod: 'BANK_TRANSFER',
        accountNumber: 'FI4950009420028730',
        bic: 'OKOYFIHH',
        paymentTermDays: '0',
        penalInterestRate: 0,
      },
      invoicingInfo: {
        identifier: '150585-123L',
        identifierType: 'HETU',
        dateOfBirth: '1985-05-15',
        language: 'FINNISH',
        gender: 'MALE',
      },
      registryInfo: {
        active: true,
        email: 'matti.virtanen@example.fi',
        mobilePhone: '+358 50 765 4321',
        homeMunicipality: 'Tampere',
      },
      version: '2026-03-16T09:00:00.001',
    },
    responses: {
      200: {
        id: 4,
        firstName: 'Matti',
        lastName: 'Virtanen',
        jobTitle: 'Huoltoasentaja',
        deliveryAddress: { street: 'Hämeenkatu 12 B 7', zip: '33100', city: 'Tampere', country: 'FINLAND' },
        paymentInfo: {
          paymentMethod: 'BANK_TRANSFER',
          accountNumber: 'FI4950009420028730',
          bic: 'OKOYFIHH',
          paymentTermDays: '0',
          penalInterestRate: 0,
        },
        invoicingInfo: {
          identifier: '150585-123L',
          identifierType: 'HETU',
          dateOfBirth: '1985-05-15',
          language: 'FINNISH',
          gender: 'MALE',
        },
        registryInfo: {
          active: true,
          email: 'matti.virtanen@example.fi',
          mobilePhone: '+358 50 765 4321',
          homeMunicipality: 'Tampere',
        },
        version: '2026-03-16T09:00:00.002',
      },
    },
  },
  getPersonsByPersonIdDefaultsDimensions: {
    responses: {
      200: [
        {
          id: 1,
          name: 'Kustannuspaikka',
          items: [{ id: 2, codeName: 'TRE', percent: 100, status: true, description: 'Tampereen toimipiste' }],
        },
      ],
    },
  },
  getPersonsByPersonIdDefaultsDimensionsByDimensionId: {
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [{ id: 2, codeName: 'TRE', percent: 100, status: true, description: 'Tampereen toimipiste' }],
      },
    },
  },
  putPersonsByPersonIdDefaultsDimensionsByDimensionId: {
    request: { id: 1, items: [{ id: 2, codeName: 'TRE', percent: 100 }] },
    responses: {
      200: {
        id: 1,
        name: 'Kustannuspaikka',
        items: [{ id: 2, codeName: 'TRE', percent: 100, status: true, description: 'Tampereen toimipiste' }],
      },
    },
  },
  getFactoringcontracts: {
    responses: {
      200: {
        results: [
          {
            id: 1,
            financingCompany: { id: 'OP', name: 'OP Rahoitus Oy' },
            financingCompanyBankAccount: 'FI3310253000135718',
            contractNumber: 'RAH-2026-0042',
            transferNotification: [
              {
                lang: 'FINNISH',
                notification: 'Tämä saatava on siirretty OP Rahoitus Oy:lle. Maksu vain alla olevalle tilille.',
              },
            ],
            status: 'ACTIVE',
          },
        ],
        meta: { pageNumber: 0, pageSize: 50, resultCount: 1, totalCount: 1 },
      },
    },
  },
  postFactoringcontracts: {
    request: {
      financingCompany: { id: 'OP', name: 'OP Rahoitus Oy' },
      financingCompanyBankAccount: 'FI3310253000135718',
      contractNumber: 'RAH-2026-0042',
      transferNotification: [
        {
          lang: 'FINNISH',
          notification: 'Tämä saatava on siirretty OP Rahoitus Oy:lle. Maksu vain alla olevalle tilille.',
        },
      ],
      status: 'ACTIVE',
    },
    responses: {
      200: {
        id: 1,
        financingCompany: { id: 'OP', name: 'OP Rahoitus Oy' },
        financingCompanyBankAccount: 'FI3310253000135718',
        contractNumber: 'RAH-2026-0042',
        transferNotification: [
          {
            lang: 'FINNISH',
            notification: 'Tämä saatava on siirretty OP Rahoitus Oy:lle. Maksu vain alla olevalle tilille.',
          },
        ],
        status: 'ACTIVE',
      },
    },
  },
  getSeFactoringcontracts: {
    responses: {
      200: {
        id: 1,
        financingCompanyName: 'Svea Finans AB',
        financingCompanyBankAccount: 'SE4550000000058398257466',
        contractNumber: 'SVEA-77120',
        transferNotification: [
          {
            lang: 'SWEDISH',
            notification: 'Denna faktura har överlåtits till Svea Finans AB. Betalning endast till nedanstående konto.',
          },
        ],
        status: 'ACTIVE',
      },
    },
  },
  postSeFactoringcontracts: {
    request: {
      financingCompanyName: 'Svea Finans AB',
      financingCompanyBankAccount: 'SE4550000000058398257466',
      contractNumber: 'SVEA-77120',
      status: 'ACTIVE',
    },
    responses: {
      200: {
        id: 1,
        financingCompanyName: 'Svea Finans AB',
        financingCompanyBankAccount: 'SE4550000000058398257466',
        contractNumber: 'SVEA-77120',
        status: 'ACTIVE',
      },
    },
  },
};
