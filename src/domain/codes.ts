// Code lists of the wire format (as in the real service): currencies, units, languages.
import { REAL_CURRENCIES, REAL_UNITS } from './real-vocabularies.ts';

/** Currency codes accepted in documents: the real service's list (ISO 4217 with its legacy and extra codes). */
export const CURRENCIES = REAL_CURRENCIES;

/** Units of quantity: the real service's 111 units. */
export const UNITS = REAL_UNITS;

export const LANGUAGES = ['DANISH', 'ENGLISH', 'ESTONIAN', 'FINNISH', 'NORWEGIAN', 'SWEDISH'] as const;
