import { sql, type Kysely, type Migration } from 'kysely';
import { parseStandardChart, STANDARD_CHART_2026 } from './standard-chart-2026.ts';

/**
 * The names the first standard chart (69 accounts) gave; an account still named so is renamed to the 2026 chart's
 * name, type and VAT default, one a company renamed is left as it is. Frozen with the migration that reads it.
 */
const FIRST_CHART_NAMES: Record<string, string> = {
  '1070': 'Muut pitkävaikutteiset menot',
  '1160': 'Koneet ja kalusto',
  '1400': 'Osakkeet ja osuudet',
  '1500': 'Aineet ja tarvikkeet',
  '1600': 'Pitkäaikaiset lainasaamiset',
  '1700': 'Myyntisaamiset',
  '1751': 'Saamiset työntekijöiltä',
  '1763': 'Arvonlisäverosaamiset',
  '1769': 'Kuluennakot',
  '1777': 'Selvittelytili',
  '1800': 'Siirtosaamiset',
  '1900': 'Käteisvarat',
  '1910': 'Pankkitili',
  '1920': 'Pankkitili 2',
  '2000': 'Osakepääoma',
  '2250': 'Edellisten tilikausien voitto (tappio)',
  '2370': 'Tilikauden voitto (tappio)',
  '2600': 'Lainat rahoituslaitoksilta',
  '2860': 'Saadut ennakot',
  '2870': 'Ostovelat',
  '2871': 'Ostovelat, kotimaa',
  '2880': 'Maksuliikennetili',
  '2921': 'Ennakonpidätysvelka',
  '2922': 'Lähdeverovelka',
  '2923': 'Sosiaaliturvamaksuvelka',
  '2930': 'Suoritettava arvonlisävero',
  '2931': 'Eläkevakuutusmaksuvelka',
  '2932': 'Eläkevakuutusmaksuvelka, työntekijän osuus',
  '2933': 'Ulosottotilitysvelka',
  '2935': 'Tilitysvelat',
  '2939': 'Arvonlisäverovelka',
  '2940': 'Velat työntekijöille',
  '2950': 'Siirtovelat',
  '2961': 'Palkkojen jaksotus',
  '2962': 'Lomapalkkojen jaksotus',
  '2963': 'Eläkemaksujen jaksotus',
  '2964': 'Sosiaaliturvamaksujen jaksotus',
  '2965': 'Muiden henkilösivukulujen jaksotus',
  '3000': 'Myynti',
  '3340': 'Palvelumyynti EU-maihin',
  '3350': 'Tavaramyynti EU-maihin',
  '3380': 'Tavaramyynti EU:n ulkopuolelle',
  '3390': 'Palvelumyynti EU:n ulkopuolelle',
  '4000': 'Ostot',
  '4450': 'Alihankinnat',
  '4470': 'Palveluostot EU-maista',
  '5000': 'Palkat',
  '5010': 'Kuukausipalkat',
  '5020': 'Tuntipalkat',
  '5300': 'Vuosilomapalkat',
  '5310': 'Vuosilomakorvaukset',
  '5320': 'Lomaltapaluurahat',
  '5330': 'Lomapalkkojen jaksotuksen muutos',
  '5400': 'Luontoisedut',
  '5410': 'Ravintoetu',
  '5420': 'Autoetu',
  '5430': 'Puhelinetu',
  '5990': 'Luontoisetujen vastatili',
  '6100': 'YEL-maksut',
  '6130': 'TyEL-maksut',
  '6140': 'Työntekijäin TyEL-maksut',
  '6300': 'Sosiaaliturvamaksut',
  '6400': 'Tapaturmavakuutusmaksut',
  '6410': 'Työttömyysvakuutusmaksut',
  '6430': 'Ryhmähenkivakuutusmaksut',
  '6800': 'Suunnitelman mukaiset poistot',
  '7000': 'Toimitilavuokrat',
  '7600': 'Matkakulut',
  '7900': 'Muut liiketoiminnan kulut',
};

interface ExistingAccount {
  number: string;
  name: string;
  vat_percent: string | null;
  translations: string | null;
}

export const accountMigrations: Record<string, Migration> = {
  '0300_accounts': {
    async up(db: Kysely<unknown>) {
      // The chart of accounts of a company, keyed by the account number (e.g. '1910').
      await db.schema
        .createTable('accounts')
        .addColumn('company_id', 'bigint', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // ASSET | LIABILITY | EQUITY | INCOME | EXPENSE
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('active', 'boolean', (c) => c.notNull())
        // default VAT of postings on the account: exact decimal text, e.g. '25.5'
        .addColumn('vat_percent', 'text')
        .addColumn('vat_status', 'integer')
        .addColumn('version', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('accounts_pk', ['company_id', 'number'])
        .execute();
    },
  },
  '0305_account_translations': {
    async up(db: Kysely<unknown>) {
      // names of the account in other languages: JSON [{languageCode, translation}]
      await db.schema.alterTable('accounts').addColumn('translations', 'text').execute();
    },
  },
  '0310_accounts_standard_chart_2026': {
    // Companies set up with the first chart get the 2026 standard chart: the accounts they lack, and the 2026
    // names, types, Swedish names and VAT defaults of the accounts still named as the first chart named them.
    // The standard VAT rate of a VAT default is the one the company's 3000 carries (set up on its creation day).
    async up(db: Kysely<unknown>) {
      const chart = parseStandardChart(STANDARD_CHART_2026);
      const version = '2026-11-22T00:00:00.000Z';
      const companies = await sql<{ company_id: number | string }>`select company_id from companies`.execute(db);
      for (const { company_id } of companies.rows) {
        const companyId = Number(company_id);
        const existing = new Map(
          (
            await sql<ExistingAccount>`select number, name, vat_percent, translations from accounts
              where company_id = ${companyId}`.execute(db)
          ).rows.map((a) => [a.number, a]),
        );
        if (existing.size === 0) continue;
        const general = existing.get('3000')?.vat_percent ?? null;
        const defaults = (a: (typeof chart)[number]) => {
          const percent = a.vat === 'GENERAL' ? general : a.vat === 'ZERO' && general !== null ? '0' : null;
          return { percent, status: percent !== null ? (a.vatStatus ?? null) : null };
        };
        const translations = (nameSv: string) => JSON.stringify([{ languageCode: 'sv', translation: nameSv }]);
        const missing = chart.filter((a) => !existing.has(a.number));
        for (let i = 0; i < missing.length; i += 50) {
          const rows = missing.slice(i, i + 50).map((a) => {
            const vat = defaults(a);
            return sql`(${companyId}, ${a.number}, ${a.name}, ${a.type}, ${sql.lit(true)}, ${vat.percent}, ${vat.status},
              ${version}, ${translations(a.nameSv)})`;
          });
          await sql`insert into accounts (company_id, number, name, type, active, vat_percent, vat_status, version,
            translations) values ${sql.join(rows)}`.execute(db);
        }
        for (const a of chart) {
          const current = existing.get(a.number);
          if (!current || current.name !== FIRST_CHART_NAMES[a.number]) continue;
          const vat = defaults(a);
          await sql`update accounts set name = ${a.name}, type = ${a.type}, vat_percent = ${vat.percent},
            vat_status = ${vat.status}, translations = ${current.translations ?? translations(a.nameSv)},
            version = ${version} where company_id = ${companyId} and number = ${a.number}`.execute(db);
        }
      }
    },
  },
};
