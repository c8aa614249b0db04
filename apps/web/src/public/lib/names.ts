/** Names of the API's codes in the page's language (passenger types, booking and payment states). */
import { t } from '../i18n';

/** A key of one of the dictionary's tables, or the key itself when the table has no such entry. */
const named = (table: Record<string, string>, key: string) => (Object.hasOwn(table, key) ? table[key] : key);

/** A passenger type: 'adult' → "Adulto", "Adult", "Erwachsener"… */
export const paxTypeName = (type: string) => named(t().common.paxTypes, type);
/** A passenger type in the plural ("adultos"), for "Añadir adultos". */
export const paxTypePlural = (type: string) => named(t().common.paxTypesPlural, type);
/** A booking state: 'confirmed' → "Confirmada", "Confirmed"… */
export const bookingStateName = (state: string) => named(t().common.bookingStates, state);
/** A payment state: 'paid' → "Pagado", "Paid"… */
export const paymentStateName = (state: string) => named(t().common.paymentStates, state);
