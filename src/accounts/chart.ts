// The standard Finnish chart of accounts (the Liikekirjuri chart, as in Odoo's l10n_fi template) given to
// every new company. VAT defaults are named by kind, not by percent: the percent is the rate of that kind
// valid on the day the company is created (src/domain/vat.ts), so a rate change needs no edit here.
import type { AccountType } from './store.ts';

/** GENERAL: the standard rate; ZERO: 0 %; none: no VAT default. */
type VatDefault = 'GENERAL' | 'ZERO';

export interface ChartAccount {
  number: string;
  name: string;
  type: AccountType;
  vat?: VatDefault;
  /** VAT status code (see FINNISH_VAT_STATUSES). */
  vatStatus?: number;
}

const A = (number: string, name: string): ChartAccount => ({ number, name, type: 'ASSET' });
const L = (number: string, name: string): ChartAccount => ({ number, name, type: 'LIABILITY' });
const Q = (number: string, name: string): ChartAccount => ({ number, name, type: 'EQUITY' });
const I = (number: string, name: string, vat?: VatDefault, vatStatus?: number): ChartAccount => ({
  number,
  name,
  type: 'INCOME',
  vat,
  vatStatus,
});
const E = (number: string, name: string, vat?: VatDefault, vatStatus?: number): ChartAccount => ({
  number,
  name,
  type: 'EXPENSE',
  vat,
  vatStatus,
});

/** Language of the standard chart's names (ISO 639-1). */
export const CHART_LANGUAGE = 'fi';

export const FINNISH_CHART: ChartAccount[] = [
  A('1070', 'Muut pitkävaikutteiset menot'),
  A('1160', 'Koneet ja kalusto'),
  A('1400', 'Osakkeet ja osuudet'),
  A('1500', 'Aineet ja tarvikkeet'),
  A('1600', 'Pitkäaikaiset lainasaamiset'),
  A('1700', 'Myyntisaamiset'),
  A('1751', 'Saamiset työntekijöiltä'),
  A('1763', 'Arvonlisäverosaamiset'),
  A('1769', 'Kuluennakot'),
  A('1777', 'Selvittelytili'),
  A('1800', 'Siirtosaamiset'),
  A('1900', 'Käteisvarat'),
  A('1910', 'Pankkitili'),
  A('1920', 'Pankkitili 2'),
  Q('2000', 'Osakepääoma'),
  Q('2250', 'Edellisten tilikausien voitto (tappio)'),
  Q('2370', 'Tilikauden voitto (tappio)'),
  L('2600', 'Lainat rahoituslaitoksilta'),
  L('2860', 'Saadut ennakot'),
  L('2870', 'Ostovelat'),
  L('2871', 'Ostovelat, kotimaa'),
  L('2880', 'Maksuliikennetili'),
  L('2921', 'Ennakonpidätysvelka'),
  L('2922', 'Lähdeverovelka'),
  L('2923', 'Sosiaaliturvamaksuvelka'),
  L('2930', 'Suoritettava arvonlisävero'),
  L('2931', 'Eläkevakuutusmaksuvelka'),
  L('2932', 'Eläkevakuutusmaksuvelka, työntekijän osuus'),
  L('2933', 'Ulosottotilitysvelka'),
  L('2935', 'Tilitysvelat'),
  L('2939', 'Arvonlisäverovelka'),
  L('2940', 'Velat työntekijöille'),
  L('2950', 'Siirtovelat'),
  L('2961', 'Palkkojen jaksotus'),
  L('2962', 'Lomapalkkojen jaksotus'),
  L('2963', 'Eläkemaksujen jaksotus'),
  L('2964', 'Sosiaaliturvamaksujen jaksotus'),
  L('2965', 'Muiden henkilösivukulujen jaksotus'),
  I('3000', 'Myynti', 'GENERAL', 1),
  I('3340', 'Palvelumyynti EU-maihin', 'ZERO', 6),
  I('3350', 'Tavaramyynti EU-maihin', 'ZERO', 5),
  I('3380', 'Tavaramyynti EU:n ulkopuolelle', 'ZERO', 3),
  I('3390', 'Palvelumyynti EU:n ulkopuolelle', 'ZERO', 3),
  E('4000', 'Ostot', 'GENERAL', 1),
  E('4450', 'Alihankinnat', 'GENERAL', 1),
  E('4470', 'Palveluostot EU-maista', 'GENERAL', 7),
  E('5000', 'Palkat'),
  E('5010', 'Kuukausipalkat'),
  E('5020', 'Tuntipalkat'),
  E('5300', 'Vuosilomapalkat'),
  E('5310', 'Vuosilomakorvaukset'),
  E('5320', 'Lomaltapaluurahat'),
  E('5330', 'Lomapalkkojen jaksotuksen muutos'),
  E('5400', 'Luontoisedut'),
  E('5410', 'Ravintoetu'),
  E('5420', 'Autoetu'),
  E('5430', 'Puhelinetu'),
  E('5990', 'Luontoisetujen vastatili'),
  E('6100', 'YEL-maksut'),
  E('6130', 'TyEL-maksut'),
  E('6140', 'Työntekijäin TyEL-maksut'),
  E('6300', 'Sosiaaliturvamaksut'),
  E('6400', 'Tapaturmavakuutusmaksut'),
  E('6410', 'Työttömyysvakuutusmaksut'),
  E('6430', 'Ryhmähenkivakuutusmaksut'),
  E('6800', 'Suunnitelman mukaiset poistot'),
  E('7000', 'Toimitilavuokrat', 'GENERAL', 1),
  E('7600', 'Matkakulut', 'GENERAL', 1),
  E('7900', 'Muut liiketoiminnan kulut', 'GENERAL', 1),
];
