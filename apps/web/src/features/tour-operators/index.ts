/**
 * What the tour operators feature offers other features (the product form shows the operator's booking terms and translates into its languages). Everything else in this folder is its own:
 * a lint rule (biome.json) refuses imports that reach past this file or routes.ts.
 */
export { useTourOperatorBookingTerms, useTourOperatorLanguages } from './api/get-tour-operator';
