/** The public pages in nl (see ../es/index.ts). */
import { errors } from '@trayecto/shared/i18n/errors/nl';
import type { TPublicDict } from '../es';
import { booking } from './booking';
import { common } from './common';
import { existing } from './existing';
import { invoice } from './invoice';
import { landing } from './landing';
import { statement } from './statement';
import { voucher } from './voucher';

const nl: TPublicDict = { common, landing, booking, existing, invoice, voucher, statement, errors };
export default nl;
