// The standard Finnish chart of accounts of a limited company (the Liikekirjuri chart, as Odoo's l10n_fi template
// account.account-fi.csv has it): number, type, Finnish name as in the source, Swedish name.
//
// Frozen: migration 0310 gives these accounts to the companies that existed before, so this text is never edited.
// A change of the standard chart is a new file and a new migration.
//
// Type letters: A asset, L liability, Q equity, I income, E expense (the source's account types). Two source
// names are CSV slips ("Palkat, lähdeveronalaiset""Palkat", "Sakot, … rangaistusmaksut""Sakot"); their first part
// is taken.
/** GENERAL: the standard rate; ZERO: 0 %; none: no VAT default. */
type VatDefault = 'GENERAL' | 'ZERO';

export interface ChartAccount {
  number: string;
  name: string;
  /** The name in Swedish. */
  nameSv: string;
  type: 'ASSET' | 'LIABILITY' | 'EQUITY' | 'INCOME' | 'EXPENSE';
  vat?: VatDefault;
  /** VAT status code (see FINNISH_VAT_STATUSES). */
  vatStatus?: number;
}

const TYPES: Record<string, ChartAccount['type']> = {
  A: 'ASSET',
  L: 'LIABILITY',
  Q: 'EQUITY',
  I: 'INCOME',
  E: 'EXPENSE',
};

/** VAT defaults of the standard chart: [kind, VAT status] by account number. */
const VAT_DEFAULTS_2026: Record<string, [VatDefault, number]> = {
  '3000': ['GENERAL', 1],
  '3001': ['GENERAL', 1],
  '3002': ['GENERAL', 1],
  '3003': ['GENERAL', 1],
  '3168': ['ZERO', 2],
  '3178': ['ZERO', 2],
  '3188': ['ZERO', 2],
  '3198': ['ZERO', 2],
  '3340': ['ZERO', 6],
  '3350': ['ZERO', 5],
  '3366': ['ZERO', 5],
  '3380': ['ZERO', 3],
  '3390': ['ZERO', 3],
  '4000': ['GENERAL', 1],
  '4010': ['GENERAL', 1],
  '4020': ['GENERAL', 1],
  '4110': ['GENERAL', 4],
  '4190': ['GENERAL', 2],
  '4450': ['GENERAL', 1],
  '4452': ['GENERAL', 1],
  '4455': ['GENERAL', 1],
  '4457': ['GENERAL', 1],
  '4459': ['GENERAL', 1],
  '4460': ['GENERAL', 1],
  '4468': ['GENERAL', 2],
  '4470': ['GENERAL', 7],
  '7230': ['GENERAL', 1],
  '7860': ['GENERAL', 1],
};

/** Parses the text of a standard chart: `number type-letter Finnish name|Swedish name` a line. */
export function parseStandardChart(text: string): ChartAccount[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^(\d{4}) ([ALQIE]) ([^|]+)\|(.+)$/.exec(line);
      if (!match) throw new Error(`bad chart line: ${line}`);
      const [, number, letter, name, nameSv] = match;
      const vat = VAT_DEFAULTS_2026[number];
      return { number, name, nameSv, type: TYPES[letter], vat: vat?.[0], vatStatus: vat?.[1] };
    });
}

export const STANDARD_CHART_2026 = `
1020 A Kehittämismenot|Utvecklingsutgifter
1021 A Kehittämismenot|Utvecklingsutgifter
1030 A Aineettomat oikeudet|Immateriella rättigheter
1031 A Patentit|Patent
1033 A Tekijänoikeudet|Upphovsrätter
1035 A Tavaramerkkioikeudet|Varumärkesrättigheter
1037 A Lisenssimaksut|Licensavgifter
1039 A Toimilupaoikeudet|Koncessionsrättigheter
1041 A Atk-ohjelmien lisenssimaksut|Licensavgifter för datorprogram
1043 A Puhelinliittymät|Telefonanslutningar
1045 A Hälytysliittymät|Larmanslutningar
1049 A Muut aineettomat oikeudet|Övriga immateriella rättigheter
1050 A Liikearvo|Goodwill
1051 A Liikearvo|Goodwill
1055 A Fuusiotili|Fusionskonto
1057 A Fuusioaktiiva|Fusionsdifferens
1060 A Konserniliikearvo|Koncerngoodwill
1061 A Konserniliikearvo|Koncerngoodwill
1070 A Muut pitkävaikutteiset menot|Övriga utgifter med lång verkningstid
1071 A Mainos- ja markkinatutkimusmenot|Reklam- och marknadsundersökningsutgifter
1073 A Osakehuoneiston perusparannusmenot|Ombyggnadsutgifter för aktielägenhet
1075 A Vuokrahuoneiston perusparannusmenot|Ombyggnadsutgifter för hyrd lägenhet
1081 A Atk-ohjelmat|Datorprogram
1089 A Muut pitkävaikutteiset menot|Övriga utgifter med lång verkningstid
1090 A Ennakkomaksut aineettomista hyödykkeistä|Förskottsbetalningar för immateriella tillgångar
1091 A Ennakkomaksut aineettomista hyödykkeistä|Förskottsbetalningar för immateriella tillgångar
1100 A Maa- ja vesialueet|Mark- och vattenområden
1101 A Maa- ja vesialueet|Mark- och vattenområden
1105 A Liittymismaksut|Anslutningsavgifter
1109 A Arvonkorotukset maa- ja vesialueista|Uppskrivningar av mark- och vattenområden
1111 A Maanvuokraoikeudet|Arrenderätter
1113 A Liittymismaksut vuokrakiinteistöistä|Anslutningsavgifter för hyrda fastigheter
1120 A Rakennukset ja rakennelmat|Byggnader och konstruktioner
1121 A Rakennukset 7% menojäännöspoisto|Byggnader 7 % avskrivning på utgiftsresten
1125 A Rakennukset 4% menojäännöspoisto|Byggnader 4 % avskrivning på utgiftsresten
1131 A Rakennusten tekniset laitteet 25% menojäännöspoisto|Byggnaders tekniska anordningar 25 % avskrivning på utgiftsresten
1135 A Väestönsuojat ym. max. 25% tasapoisto|Skyddsrum m.m. högst 25 % lineär avskrivning
1141 A Rakennelmat 20% menojäännöspoisto|Konstruktioner 20 % avskrivning på utgiftsresten
1143 A Muut rakennukset ja rakennelmat|Övriga byggnader och konstruktioner
1145 A Arvonkorotukset (vanhat rakennuksista tehdyt)|Uppskrivningar (gamla, av byggnader)
1151 A Rakennusten vuokraoikeudet|Hyresrätter till byggnader
1160 A Koneet ja laitteet|Maskiner och inventarier
1161 A Koneet ja laitteet|Maskiner och inventarier
1165 A Tuotannon koneet ja laitteet|Produktionens maskiner och anordningar
1166 A Tuotannon laitteet ja koneet 25% menojäännöspoisto|Produktionens anordningar och maskiner 25 % avskrivning på utgiftsresten
1173 A Henkilöautot|Personbilar
1175 A Ammattiautot|Yrkesfordon
1179 A Muut ajoneuvot ja alukset|Övriga fordon och fartyg
1201 A Kalusto ja muu irtain|Inventarier och övrigt lösöre
1209 A Vuokrattava kalusto|Inventarier för uthyrning
1211 A Vapaa-ajan asuntojen kalusto ja muu irtaimisto|Fritidsbostäders inventarier och övrigt lösöre
1213 A Työsuhdeasuntojen kalusto ja muu irtaimisto|Tjänstebostäders inventarier och övrigt lösöre
1241 A Käyttöönottamattomat koneet ja kalusto|Maskiner och inventarier som inte tagits i bruk
1249 A Muut koneet ja kalusto|Övriga maskiner och inventarier
1300 A Muut aineelliset hyödykkeet|Övriga materiella tillgångar
1301 A Maa-ainesten ottopaikat|Marktäktsområden
1303 A Maa- ja vesirakennukset|Mark- och vattenbyggnader
1305 A Piha-asfaltit|Gårdsasfalt
1315 A Elävä käyttöomaisuus|Levande anläggningstillgångar
1329 A Muut poistokelpoiset aineelliset hyödykkeet|Övriga avskrivningsbara materiella tillgångar
1331 A Taide-esineet|Konstföremål
1335 A Keräilyhyödykkeet|Samlarföremål
1339 A Muut aineelliset hyödykkeet (ei poistokelpoiset)|Övriga materiella tillgångar (ej avskrivningsbara)
1380 A Ennakkomaksut ja keskeneräiset hankinnat|Förskottsbetalningar och pågående nyanläggningar
1381 A Ennakkomaksut aineellisista hyödykkeistä|Förskottsbetalningar för materiella tillgångar
1391 A Keskeneräiset käyttöomaisuushankinnat|Pågående anskaffningar av anläggningstillgångar
1400 A Osuudet saman konsernin yrityksissä|Andelar i företag inom samma koncern
1401 A Tytäryritysten osakkeet|Aktier i dotterföretag
1403 A Emoyrityksen osakkeet|Aktier i moderföretaget
1405 A Sisaryritysten osakkeet|Aktier i systerföretag
1407 A Muut konserniosuudet|Övriga koncernandelar
1409 A Arvonkorotus konserniosuuksista|Uppskrivning av koncernandelar
1410 A Saamiset saman konsernin yrityksiltä|Fordringar hos företag inom samma koncern
1411 A Pitkäaikaiset saamiset saman konsernin yrityksiltä|Långfristiga fordringar hos företag inom samma koncern
1413 A Konserniyrityksille annetut pääomalainat|Kapitallån till koncernföretag
1420 A Osuudet omistusyhteysyrityksissä|Andelar i ägarintresseföretag
1421 A Osakkuusyritysten osakkeet|Aktier i intresseföretag
1423 A Osakkuusyritysosuudet|Andelar i intresseföretag
1425 A Muut omistusyhteysyritysosakkeet|Övriga aktier i ägarintresseföretag
1427 A Muut omistusyhteysyritysosuudet|Övriga andelar i ägarintresseföretag
1429 A Arvonkorotus omistusyhteysyritysosuuksista|Uppskrivning av andelar i ägarintresseföretag
1430 A Pitkäaikaiset saamiset omistusyhteysyrityksiltä|Långfristiga fordringar hos ägarintresseföretag
1431 A Pitkäaikaiset saamiset omistusyhteysyrityksiltä|Långfristiga fordringar hos ägarintresseföretag
1440 A Muut osakkeet ja osuudet|Övriga aktier och andelar
1441 A Huoneisto-osakkeet|Lägenhetsaktier
1447 A Pörssiosakkeet|Börsaktier
1453 A Muut osakkeet|Övriga aktier
1457 A Pankkiosuudet|Bankandelar
1461 A Sijoitusrahasto-osuudet|Placeringsfondsandelar
1465 A Puhelinosuudet|Telefonandelar
1467 A Muut osuudet|Övriga andelar
1469 A Arvonkorotus muista  osakkeista ja osuuksista|Uppskrivning av övriga aktier och andelar
1470 A Muut pitkäaikaiset saamiset|Övriga långfristiga fordringar
1471 A Pitkäaikaiset lainasaamiset|Långfristiga lånefordringar
1473 A Pitkäaikaiset joukkovelkakirjalainat|Långfristiga obligationslån
1475 A Pitkäaikaiset saamistodistukset|Långfristiga fordringsbevis
1477 A Pitkäaikaiset optiolainat|Långfristiga optionslån
1479 A Pitkäaikaiset vaihtovelkakirjalainat|Långfristiga konvertibla skuldebrevslån
1481 A Pitkäaikaiset vaihtovelkakirjalainat|Långfristiga konvertibla skuldebrevslån
1483 A Liittymismaksusaamiset|Fordringar på anslutningsavgifter
1489 A Muut pitkäaikaiset saamiset|Övriga långfristiga fordringar
1500 A Aineet ja tarvikkeet|Material och förnödenheter
1501 A Aineet ja tarvikkeet|Material och förnödenheter
1510 A Keskeneräiset tuotteet|Varor under tillverkning
1511 A Keskeneräiset tuotteet|Varor under tillverkning
1520 A Valmiit tuotteet|Färdiga produkter
1521 A Valmiit tuotteet|Färdiga produkter
1530 A Tavarat|Varor
1531 A Tavarat|Varor
1533 A Matkalla olevat tavarat|Varor på väg
1540 A Muu vaihto-omaisuus|Övriga omsättningstillgångar
1541 A Kiinteistöt|Fastigheter
1543 A Arvopaperit|Värdepapper
1549 A Muu vaihto-omaisuus|Övriga omsättningstillgångar
1550 A Ennakkomaksut vaihto-omaisuudesta|Förskottsbetalningar för omsättningstillgångar
1551 A Ennakkomaksut vaihto-omaisuudesta|Förskottsbetalningar för omsättningstillgångar
1600 A Pitkäaikaiset myyntisaamiset|Långfristiga kundfordringar
1601 A Pitkäaikaiset myyntisaamiset|Långfristiga kundfordringar
1621 A Pitkäaikaiset valuuttamääräiset myyntisaamiset|Långfristiga kundfordringar i utländsk valuta
1623 A Pitkäaikaiset osamaksusaamiset|Långfristiga avbetalningsfordringar
1630 A Saamiset saman konsernin yrityksiltä, pitkäaikaiset|Fordringar hos företag inom samma koncern, långfristiga
1631 A Pitkäaikaiset konsernimyyntisaamiset|Långfristiga kundfordringar hos koncernföretag
1633 A Pitkäaikaiset konsernisiirtosaamiset|Långfristiga resultatregleringar hos koncernföretag
1635 A Pitkäaikaiset konsernilainasaamiset|Långfristiga lånefordringar hos koncernföretag
1639 A Pitkäaikaiset muut konsernisaamiset|Långfristiga övriga fordringar hos koncernföretag
1640 A Saamiset omistusyhteysyrityksiltä|Fordringar hos ägarintresseföretag
1641 A Pitkäaikaiset omistusyhteysyritysmyyntisaamiset|Långfristiga kundfordringar hos ägarintresseföretag
1643 A Pitkäaikaiset omistusyhteysyrityssiirtosaamiset|Långfristiga resultatregleringar hos ägarintresseföretag
1645 A Pitkäaikaiset omistusyhteysyrityslainasaamiset|Långfristiga lånefordringar hos ägarintresseföretag
1649 A Pitkäaikaiset muut omistusyhteysyrityssaamiset|Långfristiga övriga fordringar hos ägarintresseföretag
1650 A Lainasaamiset|Lånefordringar
1651 A Pitkäaikaiset saamiset työntekijöiltä|Långfristiga fordringar hos arbetstagare
1653 A Pitkäaikaiset saamiset johdolta|Långfristiga fordringar hos ledningen
1655 A Pitkäaikaiset saamiset osakkailta ja omaisilta|Långfristiga fordringar hos delägare och anhöriga
1656 A Pitkäaikaiset saamiset osakkailta ja omaisilta (veronalaiset)|Långfristiga fordringar hos delägare och anhöriga (skattepliktiga)
1657 A Pitkäaik muut lähipiirilainat|Långfr. övriga lån till närstående
1659 A Pitkäaik muut lainasaamiset|Långfr. övriga lånefordringar
1660 A Muut saamiset|Övriga fordringar
1665 A Pitkäaik vakuustalletukset|Långfr. säkerhetsdepositioner
1667 A Pitkäaik maksetut vuokravakuudet|Långfr. betalda hyresgarantier
1669 A Pitkäaik muut saamiset|Långfr. övriga fordringar
1670 A Maksamattomat osakkeet/osuudet|Obetalda aktier/andelar
1671 A Pitkäaik. maksamattomat osakkeet/osuudet|Långfr. obetalda aktier/andelar
1680 A Siirtosaamiset|Resultatregleringar
1681 A Pitkäaik siirtosaamiset|Långfr. resultatregleringar
1690 A Laskennalliset verosaamiset|Latenta skattefordringar
1691 A Pitkäaik. laskennalliset verosaamiset|Långfr. latenta skattefordringar
1700 A Myyntisaamiset|Kundfordringar
1701 A Myyntisaamiset (POS)|Kundfordringar (POS)
1702 A Myyntisaamiset 2|Kundfordringar 2
1703 A Myyntisaamiset 3|Kundfordringar 3
1705 A Myymäläsaamiset|Butiksfordringar
1707 A Provisiosaamiset|Provisionsfordringar
1710 A Myyntisaamiset vanha järjestelmä|Kundfordringar, gammalt system
1711 A Luottokorttisaamiset|Kreditkortsfordringar
1713 A Pankkikorttisaamiset|Bankkortsfordringar
1715 A Myyntisaamiset ennakkolaskuista|Kundfordringar på förskottsfakturor
1717 A Factoring-myyntisaamiset matkalla|Factoringfordringar på väg
1718 A Factoring-myyntisaamiset laskutili|Factoringfordringar, faktureringskonto
1719 A Factoring-osamaksusaamiset|Factoring, avbetalningsfordringar
1720 A Korttisaamiset|Kortfordringar
1721 A Myyntisaamiset, valuuttamääräiset|Kundfordringar i utländsk valuta
1723 A Osamaksusaamiset|Avbetalningsfordringar
1727 A Siirtyvät myyntisaamiset/selvittelytili|Överförbara kundfordringar/avräkningskonto
1729 A Muut myyntisaamiset|Övriga kundfordringar
1730 A Saamiset saman konsernin yrityksiltä|Fordringar hos företag inom samma koncern
1731 A Konsernimyyntisaamiset|Kundfordringar hos koncernföretag
1733 A Konsernisiirtosaamiset|Resultatregleringar hos koncernföretag
1735 A Konsernilainasaamiset|Lånefordringar hos koncernföretag
1739 A Muut konsernisaamiset|Övriga fordringar hos koncernföretag
1740 A Saamiset omistusyhteysyrityksiltä|Fordringar hos ägarintresseföretag
1741 A Omistusyhteysyritysmyyntisaamiset|Kundfordringar hos ägarintresseföretag
1743 A Omistusyhteysyrityssiirtosaamiset|Resultatregleringar hos ägarintresseföretag
1745 A Omistusyhteysyrityslainasaamiset|Lånefordringar hos ägarintresseföretag
1749 A Muut omistusyhteysyrityssaamiset|Övriga fordringar hos ägarintresseföretag
1750 A Lainasaamiset|Lånefordringar
1751 A Saamiset työntekijöiltä|Fordringar hos arbetstagare
1753 A Saamiset johdolta|Fordringar hos ledningen
1755 A Saamiset osakkailta ja omaisilta|Fordringar hos delägare och anhöriga
1756 A Saamiset osakkailta ja omaisilta (veronalaiset)|Fordringar hos delägare och anhöriga (skattepliktiga)
1757 A Muut lähipiirilainat|Övriga lån till närstående
1759 A Muut lainasaamiset|Övriga lånefordringar
1760 A Muut saamiset|Övriga fordringar
1761 A Verosaamiset|Skattefordringar
1762 A Verotilisaamiset|Fordringar på skattekontot
1763 A Arvonlisäverosaamiset|Mervärdesskattefordringar
1764 A Arvonlisäveron palautussaamiset|Fordringar på återbäring av mervärdesskatt
1765 A Vakuustalletukset|Säkerhetsdepositioner
1767 A Maksetut vuokravakuudet|Betalda hyresgarantier
1769 A Kuluennakot työntekijöille|Kostnadsförskott till arbetstagare
1775 A Saatavat, vahingonkorvaukset|Fordringar, skadestånd
1777 A Selvittelytili|Avräkningskonto
1779 A Muut saamiset|Övriga fordringar
1780 A Maksamattomat osakkeet/osuudet|Obetalda aktier/andelar
1781 A Osakemerkintäsaamiset|Fordringar på aktieteckningar
1783 A Maksamattomat osuudet|Obetalda andelar
1800 A Menoennakot|Förutbetalda kostnader
1801 A Palkkamenot (siirtosaamiset)|Lönekostnader (resultatregleringar)
1803 A Eläkevakuutusmaksut (siirtosaamiset)|Pensionsförsäkringsavgifter (resultatregleringar)
1804 A Sosiaaliturvamaksut (siirtosaamiset)|Socialskyddsavgifter (resultatregleringar)
1805 A Työnantajan pakolliset vakuutusmaksut (siirtosaamiset)|Arbetsgivarens lagstadgade försäkringsavgifter (resultatregleringar)
1809 A Vuokramenot (siirtosaamiset)|Hyreskostnader (resultatregleringar)
1811 A Korkomenot (siirtosaamiset)|Räntekostnader (resultatregleringar)
1813 A Tuloverot (siirtosaamiset)|Inkomstskatter (resultatregleringar)
1819 A Muut menoennakot (siirtosaamiset)|Övriga förutbetalda kostnader (resultatregleringar)
1831 A Vuokratulot (siirtosaamiset)|Hyresintäkter (resultatregleringar)
1833 A Korkotulot (siirtosaamiset)|Ränteintäkter (resultatregleringar)
1837 A Valmistusasteen mukaiset tulot (siirtosaamiset)|Intäkter enligt färdigställandegrad (resultatregleringar)
1839 A Muut tulojäämät (siirtosaamiset)|Övriga upplupna intäkter (resultatregleringar)
1840 A Jaksotetut menot|Periodiserade kostnader
1841 A Ostojen alennukset (siirtosaamiset)|Rabatter på inköp (resultatregleringar)
1843 A Laskennalliset kurssitappiot (siirtosaamiset)|Beräknade kursförluster (resultatregleringar)
1845 A Arvonlisäverosaamiset ennakkomaksuista (siirtosaamiset)|Mervärdesskattefordringar på förskottsbetalningar (resultatregleringar)
1848 A Marginaaliveromenettelyn laskennallinen alv-saaminen (siirtosaamiset)|Beräknad momsfordran i marginalbeskattning (resultatregleringar)
1849 A Muut siirtosaamiset|Övriga resultatregleringar
1850 A Saamiset, lyhytaikaiset yhteensä|Fordringar, kortfristiga sammanlagt
1860 A Osuudet saman konsernin yrityksissä|Andelar i företag inom samma koncern
1861 A Tytäryritysten osakkeet (rahoitusomaisuus)|Aktier i dotterföretag (finansieringstillgångar)
1863 A Emoyrityksen osakkeet (rahoitusomaisuus)|Aktier i moderföretaget (finansieringstillgångar)
1865 A Sisaryritysten osakkeet (rahoitusomaisuus)|Aktier i systerföretag (finansieringstillgångar)
1867 A Muut konserniosuudet (rahoitusomaisuus)|Övriga koncernandelar (finansieringstillgångar)
1880 A Muut osakkeet ja osuudet|Övriga aktier och andelar
1881 A Muut osakkeet ja osuudet (rahoitusomaisuus)|Övriga aktier och andelar (finansieringstillgångar)
1890 A Muut arvopaperit|Övriga värdepapper
1891 A Muut rahoitusarvopaperit|Övriga finansiella värdepapper
1900 A Käteisvarat|Kassamedel
1905 A Valuuttakassat|Valutakassor
1910 A Pankkitili 1|Bankkonto 1
1920 A Pankkitili 2|Bankkonto 2
1930 A Pankkitili 3|Bankkonto 3
1940 A Pankkitili 4|Bankkonto 4
1950 A Pankkitili 5|Bankkonto 5
1960 A Lyhytaikaiset talletukset|Kortfristiga depositioner
1961 A Lyhytaikaiset lähdeveronalaiset talletukset|Kortfristiga källskattepliktiga depositioner
1970 A Sijoitustili|Placeringskonto
1984 A Valuuttatili|Valutakonto
1986 A Valuuttatalletukset|Valutadepositioner
1990 A Maksuliikenne ja täsmäytykset|Betalningsrörelse och avstämningar
1991 A Täsmäytykset|Avstämningar
1995 A Maksuliikenne|Betalningsrörelse
1996 A Virhemaksut|Felaktiga betalningar
2000 Q Osakepääoma|Aktiekapital
2001 Q Osakepääoma|Aktiekapital
2010 Q Osakepääoman korotus|Ökning av aktiekapitalet
2011 Q Maksullinen osakeanti|Nyemission mot betalning
2015 Q Rahastokorotus|Fondemission
2017 Q Osakepääomasijoitus|Insättning i aktiekapitalet
2020 Q Ylikurssirahasto|Överkursfond
2021 Q Ylikurssirahasto (oy)|Överkursfond (ab)
2030 Q Arvonkorotusrahasto|Uppskrivningsfond
2031 Q Arvonkorotusrahasto (oy)|Uppskrivningsfond (ab)
2041 Q Käyvän arvon rahasto (oy)|Fond för verkligt värde (ab)
2050 Q Vararahasto|Reservfond
2051 Q Vararahasto (oy)|Reservfond (ab)
2060 Q Sijoitetun vapaan oman pääoman rahasto|Fonden för inbetalt fritt eget kapital
2061 Q Sijoitetun vapaan oman pääoman rahasto|Fonden för inbetalt fritt eget kapital
2070 Q Yhtiöjärjestyksen mukaiset rahastot|Fonder enligt bolagsordningen
2071 Q Yhtiöjärjestyksen mukainen rahasto|Fond enligt bolagsordningen
2080 Q Muut rahastot|Övriga fonder
2081 Q Muut rahastot (oy)|Övriga fonder (ab)
2100 Q Osuuspääoma|Andelskapital
2101 Q Osuuspääoma|Andelskapital
2103 Q Lisäosuuspääoma|Tilläggsandelskapital
2105 Q Sijoitusosuuspääoma|Placeringsandelskapital
2109 Q Irtisanotut osuusmaksut|Uppsagda andelsinsatser
2110 Q Ylikurssirahasto|Överkursfond
2111 Q Ylikurssirahasto (osk)|Överkursfond (anl)
2120 Q Arvonkorotusrahasto|Uppskrivningsfond
2121 Q Arvonkorotusrahasto (osk)|Uppskrivningsfond (anl)
2125 Q Käyvän arvon rahasto (osk)|Fond för verkligt värde (anl)
2130 Q Vararahasto|Reservfond
2131 Q Vararahasto (osk)|Reservfond (anl)
2140 Q Sääntöjen mukaiset rahastot|Fonder enligt stadgarna
2141 Q Sääntöjen mukainen rahasto|Fond enligt stadgarna
2145 Q Muut rahastot (osk)|Övriga fonder (anl)
2150 Q Pääomapanokset|Kapitalinsatser
2151 Q Pääomapanos, yhtiömies A|Kapitalinsats, bolagsman A
2153 Q Pääomapanos, yhtiömies B|Kapitalinsats, bolagsman B
2155 Q Pääomapanos, yhtiömies X|Kapitalinsats, bolagsman X
2160 Q Arvonkorotusrahasto|Uppskrivningsfond
2161 Q Arvonkorotusrahasto (ay)|Uppskrivningsfond (öb)
2165 Q Käyvän arvon rahasto (ay)|Fond för verkligt värde (öb)
2170 Q Pääomapanokset|Kapitalinsatser
2171 Q Vastuunalaisen yhtiömiehen A panos|Ansvarig bolagsman A:s insats
2173 Q Vastuunalaisen yhtiömiehen B panos|Ansvarig bolagsman B:s insats
2175 Q Vastuunalaisen yhtiömiehen X panos|Ansvarig bolagsman X:s insats
2181 Q Äänettömän yhtiömiehen C panos|Tyst bolagsman C:s insats
2183 Q Äänettömän yhtiömiehen D panos|Tyst bolagsman D:s insats
2190 Q Arvonkorotusrahasto|Uppskrivningsfond
2191 Q Arvonkorotusrahasto (ky)|Uppskrivningsfond (kb)
2195 Q Käyvän arvon rahasto (ky)|Fond för verkligt värde (kb)
2200 Q Peruspääoma|Grundkapital
2201 Q Peruspääoma|Grundkapital
2210 Q Arvonkorotusrahasto|Uppskrivningsfond
2211 Q Arvonkorotusrahasto (tmi)|Uppskrivningsfond (firma)
2215 Q Käyvän arvon rahasto (tmi)|Fond för verkligt värde (firma)
2250 Q Edellisten tilikausien voitto/tappio|Vinst/förlust från tidigare räkenskapsperioder
2261 Q Osingonjako|Utdelning
2265 Q Omista osakkeista maksettu määrä|Belopp betalt för egna aktier
2271 Q Osuuskorot|Andelsräntor
2291 Q Voitto-osuus yhtiömies A|Vinstandel bolagsman A
2293 Q Voitto-osuus yhtiömies B|Vinstandel bolagsman B
2295 Q Voitto-osuus yhtiömies X|Vinstandel bolagsman X
2311 Q Voitto-osuus vastuunalainen yhtiömies A|Vinstandel ansvarig bolagsman A
2313 Q Voitto-osuus vastuunalainen yhtiömies B|Vinstandel ansvarig bolagsman B
2315 Q Voitto-osuus vastuunalainen yhtiömies X|Vinstandel ansvarig bolagsman X
2321 Q Voitto-osuus äänetön yhtiömies C|Vinstandel tyst bolagsman C
2323 Q Voitto-osuus äänetön yhtiömies D|Vinstandel tyst bolagsman D
2330 Q Pääomavajaus edellisiltä tilikausilta|Kapitalbrist från tidigare räkenskapsperioder
2331 Q Pääomavajaus yhtiömies A|Kapitalbrist bolagsman A
2333 Q Pääomavajaus yhtiömies B|Kapitalbrist bolagsman B
2335 Q Pääomavajaus yhtiömies X|Kapitalbrist bolagsman X
2337 Q Pääomavajaus|Kapitalbrist
2340 Q Yksityistilit tilikaudella|Privatkonton under räkenskapsperioden
2341 Q Yksityissijoitukset rahana yhtiömies A|Privata insättningar i pengar bolagsman A
2343 Q Muut yksityissijoitukset yhtiömies A|Övriga privata insättningar bolagsman A
2345 Q Yksityissijoitukset rahana yhtiömies B|Privata insättningar i pengar bolagsman B
2347 Q Muut yksityissijoitukset  yhtiömies B|Övriga privata insättningar bolagsman B
2348 Q Yksityissijoitukset rahana yhtiömies X|Privata insättningar i pengar bolagsman X
2349 Q Muut yksityissijoitukset  yhtiömies X|Övriga privata insättningar bolagsman X
2351 Q Yksityisnostot rahana yhtiömies A|Privata uttag i pengar bolagsman A
2353 Q Muut yksityisnostot yhtiömies A|Övriga privata uttag bolagsman A
2355 Q Yksityisnostot rahana yhtiömies B|Privata uttag i pengar bolagsman B
2357 Q Muut yksityisnostot  yhtiömies B|Övriga privata uttag bolagsman B
2358 Q Yksityisnostot rahana yhtiömies X|Privata uttag i pengar bolagsman X
2359 Q Muut yksityisnostot  yhtiömies X|Övriga privata uttag bolagsman X
2361 Q Yksityissijoitukset rahana|Privata insättningar i pengar
2363 Q Muut yksityissijoitukset|Övriga privata insättningar
2365 Q Yksityisnostot rahana|Privata uttag i pengar
2367 Q Muut yksityisnostot|Övriga privata uttag
2370 Q Tilikauden tulos|Räkenskapsperiodens resultat
2381 L Pääomalaina (osk)|Kapitallån (anl)
2390 L Vähemmistöosuudet|Minoritetsandelar
2391 L Vähemmistöosuus|Minoritetsandel
2400 L Poistoero|Avskrivningsdifferens
2405 L Kehittämismenojen poistoero|Avskrivningsdifferens för utvecklingsutgifter
2407 L Aineettomien oikeuksien poistoero|Avskrivningsdifferens för immateriella rättigheter
2411 L Liikearvon poistoero|Avskrivningsdifferens för goodwill
2421 L Muiden pitkävaikutteisten menojen poistoero|Avskrivningsdifferens för övriga utgifter med lång verkningstid
2431 L Rakennusten poistoero|Avskrivningsdifferens för byggnader
2441 L Koneiden ja kaluston poistoero|Avskrivningsdifferens för maskiner och inventarier
2449 L Muiden aineellisten hyödykkeiden poistoero|Avskrivningsdifferens för övriga materiella tillgångar
2450 L Vapaaehtoiset varaukset|Frivilliga reserver
2451 L Käyttöomaisuuden jälleenhankintavaraus|Återanskaffningsreserv för anläggningstillgångar
2453 L Toimitilan jälleenhankintavaraus|Återanskaffningsreserv för verksamhetslokaler
2461 L Luottotappiovaraus|Kreditförlustreserv
2471 L Takuuvaraus|Garantireserv
2481 L Toimintavaraus|Verksamhetsreserv
2491 L Hankintamenon muutosvaraus|Reserv för ändring av anskaffningsutgift
2493 L Asuintalovaraus|Bostadshusreserv
2499 L Muut vapaaehtoiset varaukset|Övriga frivilliga reserver
2500 L Eläkevaraukset|Pensionsavsättningar
2501 L Eläkevaraukset|Pensionsavsättningar
2530 L Verovaraukset|Skatteavsättningar
2531 L Verovaraukset|Skatteavsättningar
2550 L Muut pakolliset varaukset|Övriga obligatoriska avsättningar
2551 L Oikeudenkäyntivaraus|Avsättning för rättegångar
2561 L Hinnanlaskuvaraus|Avsättning för prisnedgång
2571 L Pitkäaikaishankkeiden pakolliset varaukset|Obligatoriska avsättningar för långfristiga projekt
2581 L Muut pakolliset varaukset|Övriga obligatoriska avsättningar
2590 L Konsernireservi|Koncernreserv
2591 L Konsernireservi|Koncernreserv
2600 L Pääomalainat|Kapitallån
2601 L Pitkäaikainen pääomalaina|Långfristigt kapitallån
2610 L Joukkovelkakirjalainat|Obligationslån
2611 L Pitkäaikaiset joukkovelkakirjalainat|Långfristiga obligationslån
2613 L Pitkäaikaiset obligaatiolainat|Långfristiga obligationer
2614 L Pitkäaikaiset debentuurilainat|Långfristiga debenturelån
2615 L Muut pitkäaikaiset joukkovelkakirjalainat|Övriga långfristiga obligationslån
2617 L Pitkäaikaiset vaihtovelkakirjalainat|Långfristiga konvertibla skuldebrevslån
2620 L Lainat rahoituslaitoksilta|Lån från finansiella institut
2621 L Pitkäaikainen rahoituslaitoslaina 1|Långfristigt lån från finansiellt institut 1
2622 L Pitkäaikainen rahoituslaitoslaina 2|Långfristigt lån från finansiellt institut 2
2623 L Pitkäaikainen rahoituslaitoslaina 3|Långfristigt lån från finansiellt institut 3
2630 L Lainat rahoituslaitoksilta|Lån från finansiella institut
2631 L Pitkäaikainen rahoitusyhtiölaina 1|Långfristigt lån från finansieringsbolag 1
2632 L Pitkäaikainen rahoitusyhtiölaina 2|Långfristigt lån från finansieringsbolag 2
2633 L Pitkäaikainen rahoitusyhtiölaina 3|Långfristigt lån från finansieringsbolag 3
2639 L Pitkäaikainen factoringluottotili|Långfristigt factoringkreditkonto
2641 L Pankki 1 käytetty shekkitililimiitti|Bank 1 utnyttjad checkkontolimit
2642 L Pankki 2 käytetty shekkitililimiitti|Bank 2 utnyttjad checkkontolimit
2649 L Muut pitkäaikaiset lainat rahoituslaitoksilta|Övriga långfristiga lån från finansiella institut
2650 L Eläkelainat|Pensionslån
2651 L Pitkäaikaiset eläkelainat|Långfristiga pensionslån
2660 L Saadut ennakot|Erhållna förskott
2661 L Pitkäaikaiset saadut ennakot|Långfristiga erhållna förskott
2670 L Ostovelat|Leverantörsskulder
2671 L Pitkäaikaiset ostovelat|Långfristiga leverantörsskulder
2681 L Pitkäaikaiset  osamaksuvelat|Långfristiga avbetalningsskulder
2690 L Rahoitusvekselit|Finansieringsväxlar
2691 L Pitkäaikaiset rahoitusvekselit|Långfristiga finansieringsväxlar
2700 L Velat saman konsernin yrityksille|Skulder till företag inom samma koncern
2701 L Pitkäaikaiset saadut ennakot konserniyrityksiltä|Långfristiga erhållna förskott från koncernföretag
2703 L Pitkäaikaiset ostovelat konserniyrityksille|Långfristiga leverantörsskulder till koncernföretag
2705 L Pitkäaikaiset rahoitusvekselit konserniyrityksiltä|Långfristiga finansieringsväxlar från koncernföretag
2707 L Pitkäaikaiset muut velat konserniyrityksille|Långfristiga övriga skulder till koncernföretag
2709 L Pitkäaikaiset siirtovelat konserniyrityksille|Långfristiga resultatregleringar till koncernföretag
2710 L Velat omistusyhteysyrityksille|Skulder till ägarintresseföretag
2711 L Pitkäaikaiset saadut ennakot omistusyhteysyrityksiltä|Långfristiga erhållna förskott från ägarintresseföretag
2713 L Pitkäaikaiset ostovelat omistusyhteysyrityksiltä|Långfristiga leverantörsskulder till ägarintresseföretag
2715 L Pitkäaikaiset rahoitusvekselit omistusyhteysyrityksiltä|Långfristiga finansieringsväxlar från ägarintresseföretag
2717 L Pitkäaikaiset muut velat omistusyhteysyrityksiltä|Långfristiga övriga skulder till ägarintresseföretag
2719 L Pitkäaikaiset siirtovelat omistusyhteysyrityksiltä|Långfristiga resultatregleringar till ägarintresseföretag
2720 L Muut velat, pitkäaikaiset|Övriga skulder, långfristiga
2721 L Pitkäaikaiset velat työntekijöille|Långfristiga skulder till arbetstagare
2723 L Pitkäaikaiset velat johdolle|Långfristiga skulder till ledningen
2725 L Pitkäaikaiset velat osakkaille|Långfristiga skulder till delägare
2731 L Pitkäaikaiset optiolainat|Långfristiga optionslån
2741 L Pitkäaikaiset saadut vuokravakuudet|Långfristiga erhållna hyresgarantier
2749 L Pitkäaikaiset muut velat|Långfristiga övriga skulder
2750 L Siirtovelat|Resultatregleringar
2751 L Pitkäaikaiset siirtovelat|Långfristiga resultatregleringar
2770 L Pitkäaikaiset laskennalliset verovelat|Långfristiga latenta skatteskulder
2771 L Laskennalliset verovelat|Latenta skatteskulder
2800 L Pääomalainat|Kapitallån
2801 L Lyhytaikainen pääomalaina|Kortfristigt kapitallån
2810 L Joukkovelkakirjalainat|Obligationslån
2811 L Joukkovelkakirjalainat|Obligationslån
2813 L Obligaatiolainat|Obligationer
2814 L Debentuurilainat|Debenturelån
2815 L Muut joukkovelkakirjalainat|Övriga obligationslån
2817 L Vaihtovelkakirjalainat|Konvertibla skuldebrevslån
2820 L Lainat rahoituslaitoksilta|Lån från finansiella institut
2821 L Pitkäaikaisen rahoituslaitoslainan 1 lyhennyserät|Amorteringar på långfristigt lån från finansiellt institut 1
2822 L Pitkäaikaisen rahoituslaitoslainan 2 lyhennyserät|Amorteringar på långfristigt lån från finansiellt institut 2
2823 L Pitkäaikaisen rahoituslaitoslainan 3 lyhennyserät|Amorteringar på långfristigt lån från finansiellt institut 3
2825 L Lyhytaikainen rahoituslaitoslaina 1|Kortfristigt lån från finansiellt institut 1
2826 L Lyhytaikainen rahoituslaitoslaina 2|Kortfristigt lån från finansiellt institut 2
2827 L Lyhytaikainen rahoituslaitoslaina 3|Kortfristigt lån från finansiellt institut 3
2830 L Lainat rahoituslaitoksilta|Lån från finansiella institut
2831 L Pitkäaikaisen rahoitusyhtiölainan 1 lyhennyserät|Amorteringar på långfristigt lån från finansieringsbolag 1
2832 L Pitkäaikaisen rahoitusyhtiölainan 2 lyhennyserät|Amorteringar på långfristigt lån från finansieringsbolag 2
2833 L Pitkäaikaisen rahoitusyhtiölainan 3 lyhennyserät|Amorteringar på långfristigt lån från finansieringsbolag 3
2835 L Lyhytaikainen rahoitusyhtiölaina 1|Kortfristigt lån från finansieringsbolag 1
2836 L Lyhytaikainen rahoitusyhtiölaina 2|Kortfristigt lån från finansieringsbolag 2
2837 L Lyhytaikainen rahoitusyhtiölaina 3|Kortfristigt lån från finansieringsbolag 3
2841 L Factoring-luottotili|Factoringkreditkonto
2842 L Luotollinen shekkitili 1|Checkräkningskredit 1
2843 L Luotollinen shekkitili 2|Checkräkningskredit 2
2844 L Luotollinen shekkitili 3|Checkräkningskredit 3
2849 L Muut lyhytaikaiset lainat rahoituslaitoksilta|Övriga kortfristiga lån från finansiella institut
2850 L Eläkelainat|Pensionslån
2851 L Lyhytaikaiset eläkelainat|Kortfristiga pensionslån
2860 L Saadut ennakot|Erhållna förskott
2861 L Saadut ennakot|Erhållna förskott
2870 L Ostovelat|Leverantörsskulder
2871 L Ostovelat|Leverantörsskulder
2872 L Ostovelat 2|Leverantörsskulder 2
2873 L Ostovelat 3|Leverantörsskulder 3
2877 L Ostovelat investoinneista|Leverantörsskulder för investeringar
2879 L Ostovelat ennakkolaskuista|Leverantörsskulder för förskottsfakturor
2880 L Maksuliikennetili|Betalningsrörelsekonto
2881 L Osamaksuvelat|Avbetalningsskulder
2888 L Maksuliikennetili|Betalningsrörelsekonto
2889 L Muut ostovelat|Övriga leverantörsskulder
2890 L Rahoitusvekselit|Finansieringsväxlar
2891 L Rahoitusvekselit|Finansieringsväxlar
2900 L Velat saman konsernin yrityksille|Skulder till företag inom samma koncern
2901 L Saadut ennakot konserniyrityksiltä|Erhållna förskott från koncernföretag
2903 L Ostovelat konserniyrityksille|Leverantörsskulder till koncernföretag
2905 L Rahoitusvekselit konserniyrityksiltä|Finansieringsväxlar från koncernföretag
2907 L Muut velat konserniyrityksille|Övriga skulder till koncernföretag
2909 L Siirtovelat konserniyrityksille|Resultatregleringar till koncernföretag
2910 L Velat omistusyhteysyrityksille|Skulder till ägarintresseföretag
2911 L Saadut ennakot omistusyhteysyrityksiltä|Erhållna förskott från ägarintresseföretag
2913 L Ostovelat omistusyhteysyrityksille|Leverantörsskulder till ägarintresseföretag
2915 L Rahoitusvekselit omistusyhteysyrityksiltä|Finansieringsväxlar från ägarintresseföretag
2917 L Muut velat omistusyhteysyrityksille|Övriga skulder till ägarintresseföretag
2919 L Siirtovelat omistusyhteysyrityksille|Resultatregleringar till ägarintresseföretag
2920 L Muut velat|Övriga skulder
2921 L Ennakonpidätysvelka|Förskottsinnehållningsskuld
2922 L Lähdeverovelka|Källskatteskuld
2923 L Sosiaaliturvamaksuvelka|Socialskyddsavgiftsskuld
2925 L Jäsenmaksutilitysvelka 1|Redovisningsskuld för medlemsavgifter 1
2926 L Jäsenmaksutilitysvelka 2|Redovisningsskuld för medlemsavgifter 2
2927 L Jäsenmaksutilitysvelka 3|Redovisningsskuld för medlemsavgifter 3
2930 L Suoritettava arvonlisävero|Mervärdesskatt att betala
2931 L Eläkevakuutusmaksuvelka 1|Pensionsförsäkringsavgiftsskuld 1
2932 L Eläkevakuutusmaksuvelka 2|Pensionsförsäkringsavgiftsskuld 2
2933 L Ulosottotilitysvelka|Utsökningsredovisningsskuld
2935 L Tilitysvelat|Redovisningsskulder
2937 L Maksuunpantu verovelka|Debiterad skatteskuld
2938 L Maksuunpantu ennakkoverovelka|Debiterad förskottsskatteskuld
2939 L Arvonlisäverovelka|Mervärdesskatteskuld
2940 L Velat työntekijöille|Skulder till arbetstagare
2941 L Velat osakkaille|Skulder till delägare
2942 L Velat johdolle|Skulder till ledningen
2943 L Voitonjakovelat|Vinstutdelningsskulder
2944 L Optiolainat|Optionslån
2945 L Saadut vuokravakuudet|Erhållna hyresgarantier
2947 L Selvittelytili|Avräkningskonto
2948 L Muut verotilivelat|Övriga skattekontoskulder
2949 L Muut lyhytaikaiset velat|Övriga kortfristiga skulder
2950 L Tuloennakot|Förutbetalda intäkter
2951 L Vuokratulot (siirtovelat)|Hyresintäkter (resultatregleringar)
2952 L Palkkojen jaksotus|Periodisering av löner
2953 L Korkotulot (siirtovelat)|Ränteintäkter (resultatregleringar)
2955 L Jaksotetut investointiavustukset (siirtovelat)|Periodiserade investeringsbidrag (resultatregleringar)
2959 L Muut tuloennakot (siirtovelat)|Övriga förutbetalda intäkter (resultatregleringar)
2961 L Palkkamenot (siirtovelat)|Lönekostnader (resultatregleringar)
2962 L Lomapalkkamenot (siirtovelat)|Semesterlönekostnader (resultatregleringar)
2963 L Eläkevakuutusmaksut (siirtovelat)|Pensionsförsäkringsavgifter (resultatregleringar)
2964 L Sosiaaliturvamaksut (siirtovelat)|Socialskyddsavgifter (resultatregleringar)
2965 L Työnantajan pakolliset vakuutusmaksut (siirtovelat)|Arbetsgivarens lagstadgade försäkringsavgifter (resultatregleringar)
2966 L Vuokramenot (siirtovelat)|Hyreskostnader (resultatregleringar)
2967 L Korkomenot (siirtovelat)|Räntekostnader (resultatregleringar)
2968 L Tuloverot (siirtovelat)|Inkomstskatter (resultatregleringar)
2969 L Muut menojäämät (siirtovelat)|Övriga upplupna kostnader (resultatregleringar)
2971 L Myynnin alennukset (siirtovelat)|Försäljningsrabatter (resultatregleringar)
2973 L Vastaiset menot ja menetykset (siirtovelat)|Framtida utgifter och förluster (resultatregleringar)
2975 L Laskennalliset kurssivoitot (siirtovelat)|Beräknade kursvinster (resultatregleringar)
2977 L Arvonlisäverovelat ennakkomaksuista (siirtovelat)|Mervärdesskatteskulder på förskottsbetalningar (resultatregleringar)
2979 L Muut siirtovelat|Övriga resultatregleringar
2980 L Laskennalliset verovelat|Latenta skatteskulder
2981 L Laskennalliset verovelat|Latenta skatteskulder
3000 I Myynti|Försäljning
3001 I Myynti 2|Försäljning 2
3002 I Myynti 3|Försäljning 3
3003 I Myynti 4|Försäljning 4
3168 I Metalliromu ja -jäte 0% (käännetty alv)|Metallskrot och -avfall 0 % (omvänd moms)
3178 I Metalliromu ja -jäte 2 0% (käännetty alv)|Metallskrot och -avfall 2 0 % (omvänd moms)
3188 I Myynti rakentamispalvelut (käännetty alv)|Försäljning av byggtjänster (omvänd moms)
3198 I Myynti rakentamispalvelut 2 (käännetty alv)|Försäljning av byggtjänster 2 (omvänd moms)
3200 I Puhelintuotot|Telefonintäkter
3210 I Veikkaustuotot|Tippningsintäkter
3220 I Automaattituotot|Automatintäkter
3230 I Muut oheispalvelutuotot|Övriga intäkter av sidotjänster
3250 I Laskutuslisät|Faktureringstillägg
3260 I Kuljetusvakuutukset|Transportförsäkringar
3270 I Kuljetusveloitukset|Transportdebiteringar
3280 I Muut toimitusveloitukset|Övriga leveransdebiteringar
3290 I Osamaksulisät|Avbetalningstillägg
3300 I Komissiomyynti|Kommissionsförsäljning
3310 I Komissio-ostot|Kommissionsinköp
3320 I Välityspalvelutuotot|Intäkter av förmedlingstjänster
3330 I Tavaramyynti Ahvenanmaalle|Varuförsäljning till Åland
3340 I Yhteisöpalvelumyynti|Gemenskapsintern försäljning av tjänster
3350 I Yhteisötavaramyynti 1|Gemenskapsintern varuförsäljning 1
3366 I Yhteisötavaramyynti 2|Gemenskapsintern varuförsäljning 2
3370 I Kolmikantamyynti|Trepartsförsäljning
3380 I Myynti yhteisön ulkopuolelle|Försäljning utanför gemenskapen
3390 I Palvelumyynti yhteisön ulkopuolelle|Försäljning av tjänster utanför gemenskapen
3400 I Myynti käytetyt tavarat|Försäljning av begagnade varor
3410 I Myynti käytetyt tavarat marginaalimenettely|Försäljning av begagnade varor, marginalbeskattning
3420 I Myynti taide-, keräily- ja antiikkiesineet|Försäljning av konst-, samlar- och antikföremål
3430 I Myynti taide-, keräily-ja antiikkiesineet marginaalimenettely|Försäljning av konst-, samlar- och antikföremål, marginalbeskattning
3440 I Kiinteistöjen myynti|Försäljning av fastigheter
3450 I Vuokratuotot|Hyresintäkter
3460 I Arvopapereiden myynti|Försäljning av värdepapper
3470 I Osinkotuotot|Dividendintäkter
3477 I Osinkotuotot (verovapaat)|Dividendintäkter (skattefria)
3480 I Korkotuotot|Ränteintäkter
3490 I Muut kiinteistö- ja arvopaperituotot|Övriga fastighets- och värdepappersintäkter
3500 I Myynnin alennukset|Försäljningsrabatter
3510 I Yhteisötavaramyynnin alennukset EMU-maat|Rabatter på gemenskapsintern varuförsäljning, EMU-länder
3520 I Yhteisötavaramyynnin alennukset muut EU-maat|Rabatter på gemenskapsintern varuförsäljning, övriga EU-länder
3530 I Yhteisöpalvelumyynnin alennukset|Rabatter på gemenskapsintern försäljning av tjänster
3550 I Apteekkimaksu|Apoteksavgift
3560 I Muut välilliset verot|Övriga indirekta skatter
3570 I Maksut asiakkaan puolesta|Betalningar för kundens räkning
3580 I Myynnin valuuttakurssierot|Kursdifferenser på försäljning
3590 I Muut myynnin oikaisuerät|Övriga rättelseposter för försäljning
3600 E Valmiiden tuotteiden varaston muutos|Förändring av lager av färdiga produkter
3610 E Keskeneräisten tuotteiden varaston muutos|Förändring av lager av varor under tillverkning
3620 E Valmiiden ja keskeneräisten tuotteiden varastojen arvonalennus|Nedskrivning av lager av färdiga varor och varor under tillverkning
3630 E Valmistus omaan käyttöön|Tillverkning för eget bruk
3640 E Valmistus omaan käyttöön|Tillverkning för eget bruk
3650 I Käyttöomaisuuden myyntivoitot|Försäljningsvinster på anläggningstillgångar
3660 I Myyntivoitto liiketoimintakaupoista|Försäljningsvinst på affärsöverlåtelser
3677 I Käyttöomaisuusosakkeiden myyntivoitot (verovapaat)|Försäljningsvinster på aktier bland anläggningstillgångar (skattefria)
3680 I Poikkeukselliset kom myyntivoitot|Exceptionella försäljningsvinster på anläggningstillgångar
3697 I Poikkeukselliset käyttöomaisuus-osakkeiden myyntivoitot(verovapaat)|Exceptionella försäljningsvinster på aktier bland anläggningstillgångar (skattefria)
3700 I Leasinghyvitykset|Leasinggottgörelser
3710 I Keskeytys- ym. vakuutuskorvaukset|Avbrotts- m.fl. försäkringsersättningar
3720 I Vakuutusten takaisinostoarvot|Återköpsvärden av försäkringar
3730 I Saadut vahingonkorvaukset|Erhållna skadestånd
3750 I Vuokratuotot kiinteistöistä|Hyresintäkter av fastigheter
3760 I Vuokratuotot huoneistoista|Hyresintäkter av lägenheter
3770 I Vuokratuotot henkilöstön virkistystiloista|Hyresintäkter av personalens rekreationslokaler
3780 I Vuokratuotot koneista ja kalustosta|Hyresintäkter av maskiner och inventarier
3790 I Muut vuokratuotot|Övriga hyresintäkter
3800 I Saadut avustukset|Erhållna bidrag
3810 I Saadut työllistämiskorvaukset|Erhållna sysselsättningsersättningar
3820 I Saadut oppisopimuskorvaukset|Erhållna läroavtalsersättningar
3840 I Saadut tuet|Erhållna stöd
3850 I Työvoiman vuokraustuotot|Intäkter av uthyrning av arbetskraft
3860 I Kuljetuspalvelutuotot|Intäkter av transporttjänster
3870 I Toimistopalvelutuotot|Intäkter av kontorstjänster
3880 I Tietoliikennepalvelutuotot|Intäkter av datakommunikationstjänster
3890 I Muut palvelutuotot|Övriga tjänsteintäkter
3900 I Rojaltit|Royalties
3910 I Provisiot|Provisioner
3920 I Lisenssimaksut|Licensavgifter
3930 I Asiamiespalkkiot|Agentarvoden
3950 I Muut palkkiot ja korvaukset|Övriga arvoden och ersättningar
3970 I Poikkeukselliset tuotot|Exceptionella intäkter
3980 I Fuusiovoitto|Fusionsvinst
3990 I Muut liiketoiminnan muut tuotot|Övriga övriga rörelseintäkter
4000 E Ostot|Inköp
4010 E Työkaluostot|Inköp av verktyg
4020 E Tehdasyleiskulut|Allmänna fabrikskostnader
4070 E Ostot välitysmyynti|Inköp för förmedlingsförsäljning
4080 E Ostot, ostaja verovelvollinen|Inköp, köparen skattskyldig
4090 E Tavaraostot Ahvenanmaa|Varuinköp från Åland
4100 E Ahvenanmaan tuonnin alv ja muut maksut|Moms och övriga avgifter på import från Åland
4110 E Yhteisötavarahankinnat|Gemenskapsinterna varuförvärv
4120 E Välittäjän kolmikantaosto|Mellanhandens trepartsinköp
4130 E Ostot tuonti|Inköp, import
4140 E Tullit, verot ja muut maksut tullattaessa|Tullar, skatter och övriga avgifter vid förtullning
4150 E Ostot käytetyt tavarat|Inköp av begagnade varor
4160 E Ostot käytetyt tavarat marginaalimenettely|Inköp av begagnade varor, marginalbeskattning
4170 E Ostot taide, keräily- ja antiikkiesineet|Inköp av konst-, samlar- och antikföremål
4180 E Ostot taide, keräily- ja antiikkiesineet marginaalimenettely|Inköp av konst-, samlar- och antikföremål, marginalbeskattning
4190 E Ostot, metalliromu ja -jäte|Inköp, metallskrot och -avfall
4200 E Kiinteistöostot|Fastighetsinköp
4210 E Arvopapereiden ostot|Inköp av värdepapper
4220 E Muut vaihto-omaisuusosakkeiden kulut|Övriga kostnader för aktier bland omsättningstillgångar
4230 E Ostojen alennukset|Rabatter på inköp
4240 E Yhteisötavarahankintojen alennukset|Rabatter på gemenskapsinterna varuförvärv
4260 E Palautetut tavarat ja päällykset|Returnerade varor och emballage
4270 E Saadut vahingonkorvaukset|Erhållna skadestånd
4280 E Saadut avustukset materiaalihankintoihin|Erhållna bidrag för materialanskaffningar
4290 E Ostorahdit|Inköpsfrakter
4300 E Yhteisökuljetus|Gemenskapsintern transport
4310 E Ostojen kuljetusvakuutusmaksut|Transportförsäkringsavgifter för inköp
4320 E Tuontihuolinta|Importspedition
4330 E Muut hankintakulut|Övriga anskaffningskostnader
4340 E Yksityiskäyttö|Privat bruk
4350 E Liikkeen käyttö|Affärens eget bruk
4360 E Myynti henkilökunnalle|Försäljning till personalen
4370 E Ostojen valuuttakurssierot|Kursdifferenser på inköp
4380 E Rakentamispalvelun oman käytön arvonlisävero|Mervärdesskatt på eget bruk av byggtjänster
4390 E Muut ostojen oikaisuerät|Övriga rättelseposter för inköp
4400 E Aine- ja tarvikevaraston muutos|Förändring av lager av material och förnödenheter
4410 E Tavaravaraston muutos|Förändring av varulager
4420 E Muun vaihto-omaisuusvaraston muutos|Förändring av övriga omsättningstillgångar
4440 E Aine-, tarvike-, tavara- ja muiden vaihto-omaisuusvarastojen arvonalennus|Nedskrivning av lager av material, förnödenheter, varor och övriga omsättningstillgångar
4450 E Alihankinta - leikkeet ja koneistus|Underleveranser - skärning och bearbetning
4452 E Alihankinta - hitsaus|Underleveranser - svetsning
4455 E Pintakäsittely - maalaus|Ytbehandling - målning
4457 E Muu pintakäsittely|Övrig ytbehandling
4459 E Alihankinta - muut|Underleveranser - övriga
4460 E Alihankinta 2|Underleveranser 2
4468 E Rakentamispalveluostot 2|Inköp av byggtjänster 2
4470 E Yhteisöpalveluhankinnat|Gemenskapsinterna förvärv av tjänster
4480 E Vuokrattu työvoima|Hyrd arbetskraft
4490 E Muut ulkopuoliset palvelut|Övriga externa tjänster
4500 E Työntekijäpalkat (muku)|Arbetarlöner (rörliga)
4510 E Tuntipalkat (muku)|Timlöner (rörliga)
4520 E Urakkapalkat (muku)|Ackordslöner (rörliga)
4530 E Kuukausipalkat (muku)|Månadslöner (rörliga)
4540 E Ylityönlisät ym -lisät (muku)|Övertidstillägg m.fl. tillägg (rörliga)
4550 E Lomapalkat ja -korvaukset (muku)|Semesterlöner och -ersättningar (rörliga)
4559 E Lomapalkkojen jaksotus (muku)|Periodisering av semesterlöner (rörliga)
4560 E Pekkas- ja vapaapäivien palkat (muku)|Löner för arbetstidsförkortning och lediga dagar (rörliga)
4570 E Arkipyhä- ja muut korvaukset (muku)|Söckenhelgs- och övriga ersättningar (rörliga)
4580 E Sairaus- ja vanhenpainvapaan palkat (muku)|Löner under sjukdom och föräldraledighet (rörliga)
4589 E Saadut sairausvakuutuskorv. (muku)|Erhållna sjukförsäkringsersättningar (rörliga)
4590 E Muut sosiaalipalkat (muku)|Övriga sociala löner (rörliga)
4600 E YEL-maksut (muku)|FöPL-avgifter (rörliga)
4610 E TyEL-maksut (muku)|ArPL-avgifter (rörliga)
4619 E Työntekijäin TyEL-maksut (muku)|Arbetstagarnas ArPL-avgifter (rörliga)
4640 E Vapaaehtoiset eläkevakuutusmaksut (muku)|Frivilliga pensionsförsäkringsavgifter (rörliga)
4649 E Eläkevakuutusmaksujen jaksotus (muku)|Periodisering av pensionsförsäkringsavgifter (rörliga)
4650 E Sosiaaliturvamaksut (muku)|Socialskyddsavgifter (rörliga)
4660 E Tapaturmavakuutusmaksut (muku)|Olycksfallsförsäkringsavgifter (rörliga)
4670 E Työttömyysvakuutusmaksut (muku)|Arbetslöshetsförsäkringsavgifter (rörliga)
4679 E Työntekijöiden työttömyysvakuutusmaksut (muku)|Arbetstagarnas arbetslöshetsförsäkringsavgifter (rörliga)
4680 E Ryhmähenkivakuutusmaksut (muku)|Grupplivförsäkringsavgifter (rörliga)
4689 E Muiden pakollisten vakuutusmaksujen jaksotus (muku)|Periodisering av övriga obligatoriska försäkringsavgifter (rörliga)
4690 E Henkilövakuutusmaksut (vapaaehtoiset) (muku)|Personförsäkringsavgifter (frivilliga) (rörliga)
4700 E Vapaaehtoiset henkilösivukulut (muku)|Frivilliga lönebikostnader (rörliga)
4710 E Vapaaehtoiset henkilösivukulut 2 (muku)|Frivilliga lönebikostnader 2 (rörliga)
4750 E Matkakulut (muku)|Resekostnader (rörliga)
4760 E Kilometrikorvaukset (muku)|Kilometerersättningar (rörliga)
4770 E Pv-rahat ja ateriakorvaukset (muku)|Dagtraktamenten och måltidsersättningar (rörliga)
4780 E Majoituskorvaukset (muku)|Logiersättningar (rörliga)
4790 E Työkalukorvaukset (muku)|Verktygsersättningar (rörliga)
4800 E Käyttö- ja ylläpitokulut (muku)|Drift- och underhållskostnader (rörliga)
4810 E Käyttö- ja ylläpitokulut 2 (muku)|Drift- och underhållskostnader 2 (rörliga)
4850 E Tuotantotilojen muuttuvat kulut|Rörliga kostnader för produktionslokaler
4860 E Tuotantotilojen muuttuvat kulut 2|Rörliga kostnader för produktionslokaler 2
4900 E Muuttuvat ajoneuvokulut|Rörliga fordonskostnader
4910 E Muuttuvat ajoneuvokulut 2|Rörliga fordonskostnader 2
4950 E Muut muuttuvat kulut|Övriga rörliga kostnader
4960 E Muut muuttuvat kulut 2|Övriga rörliga kostnader 2
5000 E Työntekijäpalkat|Arbetarlöner
5010 E Kuukausipalkat|Månadslöner
5020 E Tuntipalkat|Timlöner
5050 E Ulkomaan työskentelyn palkat|Löner för arbete utomlands
5060 E Palkat, lähdeveronalaiset|Löner, källskattepliktiga
5090 E Palkkojen jaksotus|Periodisering av löner
5100 E Ylityönlisät|Övertidstillägg
5110 E Muut palkanlisät|Övriga lönetillägg
5120 E Ennakonpidätyksen alaiset päivärahat|Dagtraktamenten som omfattas av förskottsinnehållning
5130 E Muut ennakonpidätyksen alaiset korvaukset|Övriga ersättningar som omfattas av förskottsinnehållning
5170 E Osapalkkiot|Resultatlöner
5180 E Kannustuspalkkiot|Incitamentsarvoden
5190 E Lisien, korvausten ja palkkioiden jaksotus|Periodisering av tillägg, ersättningar och arvoden
5200 E Palkkiot|Arvoden
5290 E Palkkioiden jaksotus|Periodisering av arvoden
5300 E Vuosilomapalkat|Semesterlöner
5310 E Vuosilomakorvaukset|Semesterersättningar
5320 E Lomaltapaluurahat|Semesterpenningar
5330 E Lomapalkkojen jaksotus|Periodisering av semesterlöner
5340 E Sairausajan ja vanhempainvapaan palkat|Löner under sjukdom och föräldraledighet
5350 E Muut sosiaalipalkat|Övriga sociala löner
5390 E Sosiaalipalkkojen jaksotus|Periodisering av sociala löner
5400 E Asuntoedut|Bostadsförmåner
5410 E Ravintoedut|Kostförmåner
5420 E Autoedut|Bilförmåner
5430 E Puhelinedut|Telefonförmåner
5440 E Muut luontoisedut|Övriga naturaförmåner
5470 E Saadut sairausvakuutuskorvaukset|Erhållna sjukförsäkringsersättningar
5480 E Saadut tapaturmavakuutuskorvaukset|Erhållna olycksfallsförsäkringsersättningar
5490 E Korvausten jaksotus|Periodisering av ersättningar
5600 E Johdon palkat|Ledningens löner
5610 E Johdon osapalkkiot|Ledningens resultatlöner
5620 E Johdon vuosilomapalkat|Ledningens semesterlöner
5630 E Johdon vuosilomakorvaukset|Ledningens semesterersättningar
5640 E Johdon lomaltapaluurahat|Ledningens semesterpenningar
5690 E Johdon palkkojen jaksotus|Periodisering av ledningens löner
5700 E Johdon asuntoedut|Ledningens bostadsförmåner
5710 E Johdon ravintoedut|Ledningens kostförmåner
5720 E Johdon autoedut|Ledningens bilförmåner
5730 E Johdon puhelinedut|Ledningens telefonförmåner
5740 E Johdon muut luontoisedut|Ledningens övriga naturaförmåner
5770 E Saadut sairausvakuutuskorvaukset|Erhållna sjukförsäkringsersättningar
5780 E Saadut tapaturmavakuutuskorvaukset|Erhållna olycksfallsförsäkringsersättningar
5790 E Korvausten jaksotus|Periodisering av ersättningar
5800 E Osakkaiden/omaisten palkat|Delägares/anhörigas löner
5810 E Osakkaiden/omaisten osapalkkiot|Delägares/anhörigas resultatlöner
5820 E Osakkaiden/omaisten vuosilomapalkat|Delägares/anhörigas semesterlöner
5830 E Osakkaiden/omaisten vuosilomakorvaukset|Delägares/anhörigas semesterersättningar
5840 E Osakkaiden/omaisten lomaltapaluurahat|Delägares/anhörigas semesterpenningar
5890 E Osakkaiden/omaisten palkkojen jaksotus|Periodisering av delägares/anhörigas löner
5900 E Osakkaiden/omaisten asuntoedut|Delägares/anhörigas bostadsförmåner
5910 E Osakkaiden/omaisten ravintoedut|Delägares/anhörigas kostförmåner
5920 E Osakkaiden/omaisten autoedut|Delägares/anhörigas bilförmåner
5930 E Osakkaiden/omaisten puhelinedut|Delägares/anhörigas telefonförmåner
5940 E Osakkaiden/omaisten muut luontoisedut|Delägares/anhörigas övriga naturaförmåner
5960 E Saadut sairausvakuutuskorvaukset|Erhållna sjukförsäkringsersättningar
5970 E Saadut tapaturmavakuutuskorvaukset|Erhållna olycksfallsförsäkringsersättningar
5980 E Korvausten jaksotus|Periodisering av ersättningar
5990 E Luontoisetujen vastatili|Motkonto för naturaförmåner
6000 E Maksetut eläkkeet|Betalda pensioner
6090 E Eläkkeiden jaksotus|Periodisering av pensioner
6100 E YEL-maksut|FöPL-avgifter
6110 E YEL-maksujen jaksotus|Periodisering av FöPL-avgifter
6130 E TyEL-maksut|ArPL-avgifter
6140 E Työntekijäin TyEL-maksut|Arbetstagarnas ArPL-avgifter
6150 E TyEL-maksujen jaksotus|Periodisering av ArPL-avgifter
6240 E Vapaaehtoiset eläkevakuutusmaksut|Frivilliga pensionsförsäkringsavgifter
6250 E Vapaaehtoisten eläkevakuutusmaksujen jaksotus|Periodisering av frivilliga pensionsförsäkringsavgifter
6270 E Muut pakolliset eläkevakuutusmaksut|Övriga obligatoriska pensionsförsäkringsavgifter
6280 E Muiden pakollisten eläkevakuutusmaksujen jaksotus|Periodisering av övriga obligatoriska pensionsförsäkringsavgifter
6290 E Tilikauden aikainen jaksotus|Periodisering under räkenskapsperioden
6300 E Sosiaaliturvamaksut|Socialskyddsavgifter
6390 E Sosiaaliturvamaksujen jaksotus|Periodisering av socialskyddsavgifter
6400 E Tapaturmavakuutusmaksut|Olycksfallsförsäkringsavgifter
6410 E Työttömyysvakuutusmaksut|Arbetslöshetsförsäkringsavgifter
6420 E Työntekijöiden työttömyysvakuutusmaksut|Arbetstagarnas arbetslöshetsförsäkringsavgifter
6430 E Ryhmähenkivakuutusmaksut|Grupplivförsäkringsavgifter
6480 E Muut pakolliset vakuutusmaksut|Övriga obligatoriska försäkringsavgifter
6490 E Pakollisten vakuutusmaksujen jaksotus|Periodisering av obligatoriska försäkringsavgifter
6500 E Henkilövakuutusmaksut (vapaaehtoiset)|Personförsäkringsavgifter (frivilliga)
6590 E Henkilövakuutusmaksujen jaksotus|Periodisering av personförsäkringsavgifter
6690 E Tilikauden aikainen jaksotus|Periodisering under räkenskapsperioden
6800 E Suunnitelman mukaiset poistot|Avskrivningar enligt plan
6820 E Poisto kehittämismenoista|Avskrivning på utvecklingsutgifter
6830 E Poisto aineettomista oikeuksista|Avskrivning på immateriella rättigheter
6840 E Poisto liikearvosta|Avskrivning på goodwill
6850 E Poisto muista pitkävaikutteisista menoista|Avskrivning på övriga utgifter med lång verkningstid
6860 E Poisto rakennuksista ja rakennelmista|Avskrivning på byggnader och konstruktioner
6870 E Poisto koneista ja kalustosta|Avskrivning på maskiner och inventarier
6890 E Poisto muista aineellisista hyödykkeistä|Avskrivning på övriga materiella tillgångar
6930 E Poisto konserniaktiivasta|Avskrivning på koncernaktiva
6940 E Konsernireservin vähennys|Minskning av koncernreserv
6950 E Arvonalentumiset maa- ja vesialueista|Nedskrivningar av mark- och vattenområden
6960 E Arvonalentumiset sumu-poistettavista pysyvistä vastaavista|Nedskrivningar av bestående aktiva som avskrivs enligt plan
6970 E Arvonalentumiset ennakkomaksuista|Nedskrivningar av förskottsbetalningar
6980 E Arvonalennusten palautukset|Återföringar av nedskrivningar
6990 E Vaihtuvien vastaavien poikkeukselliset arvonalentumiset|Exceptionella nedskrivningar av rörliga aktiva
7000 E Henkilökunnan koulutus|Personalutbildning
7010 E Sisäiset palaverit ja henkilökuntajuhlat|Interna möten och personalfester
7020 E Virkistys- ja harrastustoiminta|Rekreations- och hobbyverksamhet
7030 E Saadut virkistys- ja harrastustoiminnan korvaukset|Erhållna ersättningar för rekreations- och hobbyverksamhet
7040 E Loma-asuntojen hoitokulut|Skötselkostnader för fritidsbostäder
7050 E Työterveyshuolto|Företagshälsovård
7060 E Saadut Kela-korvaukset|Erhållna FPA-ersättningar
7070 E Henkilökunnan ruokailu / lounassetelit|Personalens måltider / lunchsedlar
7080 E Henkilökunnan ruokalan kulut|Kostnader för personalmatsalen
7090 E Ruokatarjoilun omaan käyttöön ottamisen arvonlisävero|Mervärdesskatt på uttag av måltidsservering för eget bruk
7100 E Saadut ruokakorvaukset|Erhållna måltidsersättningar
7110 E Kahvitarvikkeet|Kaffeförnödenheter
7120 E Työvaatteet|Arbetskläder
7130 E Suojavälineet|Skyddsutrustning
7140 E Henkilöstön hankintakulut|Rekryteringskostnader
7150 E Työpaikkailmoitukset|Platsannonser
7160 E Lahjat henkilökunnalle|Gåvor till personalen
7170 E Muut henkilösivukulut|Övriga lönebikostnader
7200 E Maa-aluevuokrat|Arrenden för markområden
7210 E Kiinteistöjen vuokrat|Hyror för fastigheter
7220 E Toimitilavastikkeet|Vederlag för verksamhetslokaler
7230 E Toimitilavuokrat|Hyror för verksamhetslokaler
7240 E Varastovastikkeet|Vederlag för lager
7250 E Varastovuokrat - Agilon|Lagerhyror - Agilon
7260 E Autotallivastikkeet|Vederlag för garage
7270 E Autotalli- ja autopaikkavuokrat|Hyror för garage och bilplatser
7280 E Henkilöstöasuntojen vastikkeet|Vederlag för personalbostäder
7290 E Henkilöstöasuntojen vuokrat|Hyror för personalbostäder
7300 E Asuinhuoneistojen vastikkeet|Vederlag för bostadslägenheter
7310 E Muut vuokrat ja vastikkeet|Övriga hyror och vederlag
7320 E Energian erityisvähennys|Särskilt energiavdrag
7330 E Hallinto|Förvaltning
7340 E Käyttö ja huolto|Drift och underhåll
7350 E Ulkoalueiden hoito|Skötsel av utomhusområden
7360 E Siivous ja puhtaanapito|Städning och renhållning
7370 E Lämmitys|Uppvärmning
7380 E Vesi ja jätevesi|Vatten och avloppsvatten
7390 E Sähkö ja kaasu|El och gas
7400 E Jätehuolto|Avfallshantering
7410 E Vahinkovakuutukset|Skadeförsäkringar
7420 E Kiinteistövero|Fastighetsskatt
7430 E Korjaukset|Reparationer
7440 E Saadut vakuutuskorvaukset|Erhållna försäkringsersättningar
7450 E Muut toimitilojen hoitokulut|Övriga skötselkostnader för verksamhetslokaler
7460 E Vartiointi- ja turvallisuuskulut|Bevaknings- och säkerhetskostnader
7470 E Muut toimitilakulut|Övriga lokalkostnader
7480 E Saadut toimitilakulukorvaukset|Erhållna ersättningar för lokalkostnader
7500 E Ajoneuvoleasing|Fordonsleasing
7510 E Leasinghyvitykset|Leasinggottgörelser
7520 E Ajoneuvovuokrat|Fordonshyror
7530 E Ajoneuvojen polttoaine|Bränsle för fordon
7540 E Ajoneuvojen huolto ja korjaus|Service och reparation av fordon
7550 E Renkaat ja autotarvikkeet|Däck och biltillbehör
7560 E Ajoneuvojen julkiset maksut|Offentliga avgifter för fordon
7570 E Ajoneuvovakuutukset|Fordonsförsäkringar
7580 E Kolarivahingot|Krockskador
7590 E Maksetut vahingonkorvaukset|Betalda skadestånd
7600 E Maksetut ajoneuvokorvaukset|Betalda fordonsersättningar
7610 E Muut ajoneuvokulut|Övriga fordonskostnader
7620 E Saadut vahinkojen korvaukset|Erhållna skadeersättningar
7630 E Saadut ajoneuvokulukorvaukset|Erhållna ersättningar för fordonskostnader
7640 E Atk-laite- ja ohjelmistoleasing|Leasing av datautrustning och programvara
7650 E Atk-laite- ja ohjelmistovuokrat|Hyror för datautrustning och programvara
7660 E Atk-ohjelmistot, päivitykset ja ylläpito|Programvara, uppdateringar och underhåll
7670 E Atk-laitehuollot, korjaukset ja asennukset|Service, reparation och installation av datautrustning
7680 E Atk-laitehankinnat (< 3v. kalusto)|Anskaffning av datautrustning (< 3 år)
7690 E Atk-laitteiden pienhankinnat|Smärre anskaffningar av datautrustning
7700 E Muut atk-laite- ja -ohjelmistokulut|Övriga kostnader för datautrustning och programvara
7710 E Kone- ja kalustoleasing|Leasing av maskiner och inventarier
7720 E Kone- ja kalustovuokrat|Hyror för maskiner och inventarier
7730 E Kone- ja kalustohuolto ja korjaus|Service och reparation av maskiner och inventarier
7740 E Kone- ja kalustohankinnat (< 3v. kalusto)|Anskaffning av maskiner och inventarier (< 3 år)
7750 E Koneiden ja kaluston pienhankinnat|Smärre anskaffningar av maskiner och inventarier
7760 E Maksetut työkalukorvaukset|Betalda verktygsersättningar
7770 E Muut kone- ja kalustokulut|Övriga kostnader för maskiner och inventarier
7780 E Saadut kalustovakuutuskorvaukset|Erhållna försäkringsersättningar för inventarier
7790 E Saadut kalustokulukorvaukset|Erhållna ersättningar för inventariekostnader
7800 E Matkaliput|Resebiljetter
7810 E Taksikulut|Taxikostnader
7820 E Hotelli- ym. majoitus|Hotell- och annan inkvartering
7830 E Ruokailut matkalla|Måltider under resa
7840 E Matkavakuutukset|Reseförsäkringar
7850 E Paikoituskulut|Parkeringskostnader
7860 E Muut matkakulut|Övriga resekostnader
7870 E Kilometrikorvaukset|Kilometerersättningar
7880 E Päivärahat|Dagtraktamenten
7890 E Ulkomaan päivärahat|Utlandstraktamenten
7900 E Yömatkarahat|Nattresepenning
7910 E Ateriakorvaukset|Måltidsersättningar
7920 E Saadut matkakulukorvaukset|Erhållna ersättningar för resekostnader
7950 E Edustustilaisuudet|Representationstillställningar
7960 E Edustuslahjat|Representationsgåvor
7970 E Edustusmatkat|Representationsresor
7980 E Edustustilat|Representationslokaler
7990 E Muut edustuskulut|Övriga representationskostnader
8000 E Maksetut myyntiprovisiot|Betalda försäljningsprovisioner
8010 E Luottokorttiprovisiot|Kreditkortsprovisioner
8020 E Myyntirahdit|Försäljningsfrakter
8030 E Myyntihuolinta|Försäljningsspedition
8040 E Muut myyntikulut|Övriga försäljningskostnader
8050 E Mainostoimistopalvelut|Reklambyråtjänster
8060 E Suoramainonta|Direktreklam
8070 E Ilmoitusmainonta|Annonsreklam
8080 E TV- ja radiomainonta|TV- och radioreklam
8090 E Internetmainonta|Internetreklam
8100 E Mainosteippaukset|Reklamtejpningar
8110 E Ulkomainonta|Utomhusreklam
8120 E Mainosmateriaali ja tarvikkeet|Reklammaterial och förnödenheter
8130 E Mainoslahjat ja palkinnot|Reklamgåvor och priser
8140 E Muut mainoskulut|Övriga reklamkostnader
8150 E Markkinointitilaisuudet|Marknadsföringsevenemang
8160 E Markkinatutkimukset|Marknadsundersökningar
8170 E Messut ja näyttelyt|Mässor och utställningar
8180 E Asiakaslehdet|Kundtidningar
8190 E Asiakasviihde|Kundunderhållning
8200 E Somisteet|Dekorationer
8210 E Tavaranäytteet|Varuprover
8220 E Maksettu markkinointituki|Betalt marknadsföringsstöd
8230 E Muut myynnin edistämiskulut|Övriga säljfrämjande kostnader
8240 E Saadut markkinointikulukorvaukset|Erhållna ersättningar för marknadsföringskostnader
8250 E Suhdetoimintakulut|PR-kostnader
8260 E Kannatusilmoitukset ja -maksut|Stödannonser och -avgifter
8270 E Huomionosoitukset|Uppvaktningar
8280 E Lahjoitukset|Donationer
8300 E Tuotekehitys- ja testauspalvelut|Produktutvecklings- och testtjänster
8310 E Patentit|Patent
8320 E Laaduntarkkailu|Kvalitetskontroll
8330 E Sertifiointi ja laatutodistukset|Certifiering och kvalitetsintyg
8340 E Koulutus|Utbildning
8350 E Muut tutkimus- ja kehityskulut|Övriga forsknings- och utvecklingskostnader
8370 E Vuokratyövoima|Hyrd arbetskraft
8380 E Taloushallintopalvelut|Ekonomiförvaltningstjänster
8390 E Tilintarkastuspalvelut|Revisionstjänster
8410 E Laki- ja konsultointipalvelut|Juridiska tjänster och konsulttjänster
8420 E Perintä ja luottotietopalvelut|Indrivning och kreditupplysningstjänster
8430 E Muut hallintopalvelut|Övriga förvaltningstjänster
8440 E Viranomaismaksut|Myndighetsavgifter
8450 E Kirjat|Böcker
8451 E Puhelin- ja tietoliikennekulut|Telefon- och datakommunikationskostnader
8452 E Vakuutukset ja vahingonkorvaukset|Försäkringar och skadestånd
8453 E Toimisto- ja hallintokulut|Kontors- och förvaltningskostnader
8455 E Muut hallintokulut|Övriga förvaltningskostnader
8460 E Lehdet|Tidningar
8470 E Tietopalvelut|Informationstjänster
8480 E Jäsenmaksut|Medlemsavgifter
8490 E Muu tiedonhankinta|Övrig informationsanskaffning
8500 E Puhelinkulut|Telefonkostnader
8510 E Matkapuhelinkulut|Mobiltelefonkostnader
8520 E Telefaxkulut|Telefaxkostnader
8530 E Datasiirto- ja internetkulut|Dataöverförings- och internetkostnader
8540 E Posti- ja lähettikulut|Post- och budkostnader
8550 E Arvo-osuuksien hoitokulut|Förvaltningskostnader för värdeandelar
8560 E Rahaliikenteen kulut|Kostnader för betalningsrörelse
8570 E Pyöristyserot|Avrundningsdifferenser
8580 E Vastuuvakuutukset|Ansvarsförsäkringar
8590 E Esinevakuutukset|Egendomsförsäkringar
8600 E Muut vakuutukset|Övriga försäkringar
8610 E Maksetut vahingonkorvaukset|Betalda skadestånd
8620 E Toimistotarvikkeet|Kontorsmaterial
8630 E Lomakkeet ja painatuskulut|Blanketter och tryckkostnader
8640 E Valokopiot|Fotokopior
8650 E Kokous- ja neuvottelukulut|Mötes- och förhandlingskostnader
8680 E Muut hallintokulut|Övriga förvaltningskostnader
8690 E Saadut hallintokulukorvaukset|Erhållna ersättningar för förvaltningskostnader
8700 E Myynnin luottotappiot|Kreditförluster på försäljning
8710 E Yhteisömyynnin luottotappiot|Kreditförluster på gemenskapsintern försäljning
8718 E Rakentamispalvelumyynnin luottotappiot (käännetty alv)|Kreditförluster på försäljning av byggtjänster (omvänd moms)
8720 E Marginaaliverotusmyynnin luottotappiot|Kreditförluster på försäljning med marginalbeskattning
8730 E Palautuneet luottotappiot|Återvunna kreditförluster
8740 E Yle-vero|Rundradioskatt
8750 E Veronkorotukset|Skatteförhöjningar
8760 E Muut vähennyskelpoiset liikekulut|Övriga avdragsgilla affärskostnader
8770 E Veronkorotukset|Skatteförhöjningar
8780 E Sakot, pysäköintivirhemaksut ja muut rangaistusmaksut|Böter, felparkeringsavgifter och övriga straffavgifter
8790 E Fuusiotappio|Fusionsförlust
8800 E Muut vähennyskelvottomat liikekulut|Övriga icke avdragsgilla affärskostnader
8840 E Poikkeukselliset käyttöomaisuuden luovutustappiot|Exceptionella överlåtelseförluster på anläggningstillgångar
8850 E Käyttöomaisuuden luovutustappiot|Överlåtelseförluster på anläggningstillgångar
8867 E Käyttömaisuusosakkeiden luovutustappiot (vähennyskelvottomat)|Överlåtelseförluster på aktier bland anläggningstillgångar (icke avdragsgilla)
8870 E Poikkeukselliset käyttöomaisuusosakkeiden luovutustappiot(väh.kelv)|Exceptionella överlåtelseförluster på aktier bland anläggningstillgångar (icke avdragsgilla)
8890 E Täsmäytyserot|Avstämningsdifferenser
8990 E Osuus osakkuusyritysten tuloksesta|Andel av intresseföretagens resultat
9000 I Osinkotuotot konserniyrityksiltä|Dividendintäkter från koncernföretag
9007 I Osinkotuotot konserniyrityksiltä (verovapaat)|Dividendintäkter från koncernföretag (skattefria)
9010 I Osuuskorot konserniyrityksiltä|Andelsräntor från koncernföretag
9020 I Muut tuotot konserniyrityksiltä|Övriga intäkter från koncernföretag
9030 I Osuus osakkuusyritysten tuloksesta|Andel av intresseföretagens resultat
9040 I Osinkotuotot omistusyhteysyrityksiltä|Dividendintäkter från ägarintresseföretag
9047 I Osinkotuotot omistusyhteysyrityksiltä (verovapaat)|Dividendintäkter från ägarintresseföretag (skattefria)
9050 I Osuuskorot omistusyhteysyrityksiltä|Andelsräntor från ägarintresseföretag
9060 I Muut tuotot omistusyhteysyrityksiltä|Övriga intäkter från ägarintresseföretag
9070 I Tuotot osuuksista muissa omistusyhteysyrityksissä|Intäkter av andelar i övriga ägarintresseföretag
9080 I Sijoitustuotot muista pysyvien vastaavien sijoituksista konserniin|Avkastning på övriga placeringar bland bestående aktiva i koncernen
9090 I Osinkotuotot|Dividendintäkter
9097 I Osinkotuotot (verovapaat)|Dividendintäkter (skattefria)
9100 I Saatu ylijäämä osuuskunnista|Erhållet överskott från andelslag
9120 I Voitto-osuus yhtymistä|Vinstandel från sammanslutningar
9130 I Luovutusvoitot osuuksista|Överlåtelsevinster på andelar
9140 I Muut tuotot pysyvien vastaavien sijoituksista|Övriga intäkter av placeringar bland bestående aktiva
9150 I Korko- ja rahoitustuotot konsernisaamisista|Ränte- och finansiella intäkter av koncernfordringar
9160 I Korkotuotot omistusyhteysyrityssaamisista|Ränteintäkter av fordringar hos ägarintresseföretag
9170 I Korkotuotot myyntisaamisista|Ränteintäkter av kundfordringar
9180 I Korkotuotot osamaksusaamisista|Ränteintäkter av avbetalningsfordringar
9190 I Korkotuotot lainasaamisista|Ränteintäkter av lånefordringar
9200 I Korkotuotot henkilökuntasaamisista|Ränteintäkter av fordringar hos personalen
9210 I Korkotuotot osakaslainasaamisista|Ränteintäkter av delägarlån
9220 I Korkotuotot pankkisaamisista|Ränteintäkter av bankfordringar
9230 I Korkotuotot talletuksista|Ränteintäkter av depositioner
9240 I Palautettava yhteisökorko/palautuskorko|Återbetalningsränta
9250 I Muut korkotuotot|Övriga ränteintäkter
9260 I Valuuttakurssivoitot|Valutakursvinster
9270 I Osinkotuotot rahoitusarvopapereista|Dividendintäkter av finansiella värdepapper
9277 I Osinkotuotot rahoitusarvopapereista (verovapaat)|Dividendintäkter av finansiella värdepapper (skattefria)
9280 I Muut tuotot rahoitusarvopapereista|Övriga intäkter av finansiella värdepapper
9290 I Muut rahoitustuotot|Övriga finansiella intäkter
9300 E Konserniosuuksien arvonalentumiset|Nedskrivningar av koncernandelar
9310 E Konsernisaamisten  arvonalentumiset|Nedskrivningar av koncernfordringar
9320 E Omistusyhteysyritysosuuksien arvonalentumiset|Nedskrivningar av andelar i ägarintresseföretag
9330 E Omistusyhteysyrityssaamisten arvonalentumiset|Nedskrivningar av fordringar hos ägarintresseföretag
9340 E Osakkeiden ja osuuksien arvonalentumiset|Nedskrivningar av aktier och andelar
9350 E Saamisten arvonalentumiset|Nedskrivningar av fordringar
9360 E Arvonalentumisten palautukset|Återföringar av nedskrivningar
9370 E Konserniosuuksien arvonalentumiset|Nedskrivningar av koncernandelar
9380 E Omistusyhteysyritysosuuksien arvonalentumiset|Nedskrivningar av andelar i ägarintresseföretag
9390 E Osakkeiden ja osuuksien arvonalentumiset|Nedskrivningar av aktier och andelar
9400 E Muiden rahoitusarvopapereiden arvonalentumiset|Nedskrivningar av övriga finansiella värdepapper
9410 E Arvonalentumisten palautukset|Återföringar av nedskrivningar
9420 E Korkokulut veloista konserniyrityksille|Räntekostnader för skulder till koncernföretag
9430 E Muut rahoituskulut konserniyrityksille|Övriga finansiella kostnader till koncernföretag
9440 E Korkokulut joukkovelkakirjalainoista|Räntekostnader för obligationslån
9450 E Korkokulut vaihtovelkakirjalainoista|Räntekostnader för konvertibla skuldebrevslån
9460 E Korkokulut rahoituslaitoslainoista|Räntekostnader för lån från finansiella institut
9470 E Korkokulut rahoitusyhtiölainoista|Räntekostnader för lån från finansieringsbolag
9480 E Korkokulut eläkelainoista|Räntekostnader för pensionslån
9490 E Korkokulut ostoveloista|Räntekostnader för leverantörsskulder
9500 E Korkokulut rahoitusvekseleistä|Räntekostnader för finansieringsväxlar
9510 E Korkokulut omistusyhteysyrityslainoista|Räntekostnader för lån från ägarintresseföretag
9520 E Korkokulut osakaslainoista|Räntekostnader för delägarlån
9530 E Maksettava yhteisökorko / jäännösveron korko|Samfundsränta att betala / ränta på kvarskatt
9540 E Verojen viivästysseuraamukset|Dröjsmålspåföljder för skatter
9550 E Muut korkokulut|Övriga räntekostnader
9560 E Lainojen hoitokulut|Förvaltningskostnader för lån
9570 E Limiittipalkkiot|Limitavgifter
9580 E Takausprovisiot|Borgensprovisioner
9590 E Luottovakuutukset|Kreditförsäkringar
9600 E Kiinnityskulut|Inteckningskostnader
9610 E Perimiskulut|Indrivningskostnader
9620 E Kurssitappiot|Kursförluster
9640 E Factoring-kulut|Factoringkostnader
9650 E Terminointikulut|Terminskostnader
9660 E Saamisten luottotappiot|Kreditförluster på fordringar
9670 E Muut kulut rahoitusarvopapereista|Övriga kostnader för finansiella värdepapper
9690 E Muut rahoituskulut|Övriga finansiella kostnader
9800 E Aineettomien hyödykkeiden poistoeron muutos|Förändring av avskrivningsdifferens för immateriella tillgångar
9810 E Rakennusten poistoeron muutos|Förändring av avskrivningsdifferens för byggnader
9820 E Koneiden ja kaluston poistoeron muutos|Förändring av avskrivningsdifferens för maskiner och inventarier
9830 E Muiden aineellisten hyödykkeiden poistoeron muutos|Förändring av avskrivningsdifferens för övriga materiella tillgångar
9840 E Käyttöomaisuuden jälleenhankintavarauksen muutos|Förändring av återanskaffningsreserv för anläggningstillgångar
9850 E Toimitilan jälleenhankintavarauksen muutos|Förändring av återanskaffningsreserv för verksamhetslokaler
9860 E Takuuvarauksen muutos|Förändring av garantireserv
9870 E Toimintavarauksen muutos|Förändring av verksamhetsreserv
9880 E Hankintamenon muutosvarauksen muutos|Förändring av reserv för ändring av anskaffningsutgift
9890 E Muiden verotusperusteisten varausten muutos|Förändring av övriga skattebaserade reserver
9900 E Ennakkoverot|Förskottsskatter
9910 E Ennakonpidätys työkorvauksista|Förskottsinnehållning på arbetsersättningar
9930 E Lähdeverot|Källskatter
9940 E Tilikauden verojaksotus|Periodisering av räkenskapsperiodens skatter
9950 E Veronpalautukset / jäännösverot|Skatteåterbäringar / kvarskatter
9960 E Muut tuloverot|Övriga inkomstskatter
9970 E Laskennalliset verot|Latenta skatter
9980 E Muut välittömät verot|Övriga direkta skatter
9990 E Vähemmistöosuudet|Minoritetsandelar
`;
