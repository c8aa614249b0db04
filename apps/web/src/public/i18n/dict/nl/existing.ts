import type { TPublicDict } from '../es';

export const existing: TPublicDict['existing'] = {};
