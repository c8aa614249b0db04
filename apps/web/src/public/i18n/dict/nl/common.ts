import type { TPublicDict } from '../es';

export const common: TPublicDict['common'] = {};
