// Code lists of the wire format (as in the real service): ISO 4217 currencies, units, languages.

/** ISO 4217 currency codes accepted in documents (active codes plus the legacy FIM and DEM). */
export const CURRENCIES = [
  'AED', 'AFN', 'ALL', 'AMD', 'ANG', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD',
  'BND', 'BOB', 'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE',
  'CZK', 'DEM', 'DJF', 'DKK', 'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FIM', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP',
  'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL', 'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY',
  'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD', 'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL',
  'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR', 'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR',
  'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG', 'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR',
  'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY',
  'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND', 'VUV', 'WST', 'XAF', 'XCD', 'XOF', 'XPF', 'YER',
  'ZAR', 'ZMW', 'ZWG',
] as const;

/** Units of quantity (the common part of the real service's list). */
export const UNITS = [
  'PIECE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR', 'MINUTE', 'SECOND', 'KILOGRAM', 'GRAM', 'TON', 'LITER', 'MILLILITER',
  'METER', 'CENTIMETER', 'MILLIMETER', 'SQUARE_METER', 'CUBIC_METER', 'KILOMETER', 'KILOWATT_HOUR', 'MEGAWATT_HOUR',
  'BOX', 'PARCEL', 'PACKAGE', 'PALLET', 'PERSON', 'SET', 'PAIR', 'LOT', 'SALE_UNIT', 'NO_UNIT', 'ROLL', 'SHEET',
  'BOTTLE', 'CAN', 'BAG', 'DOZEN', 'TIMES', 'PERIOD', 'QUARTER', 'NIGHT', 'ROOM', 'SEAT', 'TRIP', 'KILOMETER_ALLOWANCE',
  'LICENSE', 'USER', 'CONTRACT', 'PERCENT', 'RUN_METER', 'SQUARE_FOOT', 'FOOT', 'INCH', 'POUND', 'OUNCE', 'GALLON',
] as const;

export const LANGUAGES = ['DANISH', 'ENGLISH', 'ESTONIAN', 'FINNISH', 'NORWEGIAN', 'SWEDISH'] as const;
