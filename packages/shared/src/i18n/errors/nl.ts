import type { TErrorsDict } from './es';

/** The public API's and pages' error messages (see ./es.ts). */
export const errors: TErrorsDict = {
  network: '',
  server: '',
  tooMany: '',
  pageLoad: '',
  byCode: {},
  messages: {},
  patterns: [],
};
