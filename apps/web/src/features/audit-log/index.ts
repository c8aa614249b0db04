/**
 * What the activity log feature offers other features (a record's trail on its own page). Everything else in this folder is its own:
 * a lint rule (biome.json) refuses imports that reach past this file or routes.ts.
 */
export { AuditTrail } from './components/audit-trail';
