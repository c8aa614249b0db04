import type { TPublicDict } from '../es';

export const booking: TPublicDict['booking'] = {};
