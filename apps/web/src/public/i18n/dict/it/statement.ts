import type { TPublicDict } from '../es';

export const statement: TPublicDict['statement'] = {};
