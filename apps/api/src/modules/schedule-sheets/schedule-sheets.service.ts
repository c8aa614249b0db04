/**
 * The schedule-sheet services, one file per job (issue 13), gathered for the routes:
 * - schedule-sheets.read.ts: summaries with counts and warnings, the whole sheet with its route;
 * - schedule-sheets.create.ts: a day's sheets generated, or one departure's sheet;
 * - schedule-sheets.edit.ts: editing (assignments, state) and deleting a draft;
 * - sheet-assignments.ts: who and what may be assigned, and the overlap check (409);
 * - sheet-conflicts.ts: overlaps and untimed pickups as conflicts and warnings;
 * - check-in.service.ts: boarding (check-in); sheet-finish.service.ts: the finish (no-shows).
 */
export { createSheet, generateSheets } from './schedule-sheets.create';
export { deleteSheet, updateSheet } from './schedule-sheets.edit';
export { getSheet, listSheets, readSheet } from './schedule-sheets.read';
