import type { TPublicDict } from '../es';

export const voucher: TPublicDict['voucher'] = {};
