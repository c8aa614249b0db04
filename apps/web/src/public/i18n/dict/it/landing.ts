import type { TPublicDict } from '../es';

export const landing: TPublicDict['landing'] = {};
