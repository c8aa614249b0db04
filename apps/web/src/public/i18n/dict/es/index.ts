/**
 * The public pages in Spanish: the source dictionary. Its shape is every language's type
 * (`TPublicDict`): a key missing in another language fails the build (tsc) and
 * i18n/dictionaries.test.ts. A value is a string, or a function of its parameters when a sentence
 * needs numbers, plurals or names in it.
 */
import { errors } from '@trayecto/shared/i18n/errors/es';
import { booking } from './booking';
import { common } from './common';
import { existing } from './existing';
import { invoice } from './invoice';
import { landing } from './landing';
import { statement } from './statement';
import { voucher } from './voucher';

const es = { common, landing, booking, existing, invoice, voucher, statement, errors };
export type TPublicDict = typeof es;
export default es;
