/** How schedule sheets read in the audit log: their summary and the fields recorded. */
import { displayDate } from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { type AuditChanges, type AuditEntry, nameReferences } from '../audit/audit.service';
import type { SheetRow } from './schedule-sheets.repository';

/** The audit log's summary of a sheet: "22/11/2026 09:00 · Teide y Masca". */
export const sheetSummary = (s: { date: string; time: string; destination: string }) =>
  `${displayDate(s.date)} ${s.time} · ${s.destination}`;

/** The assignments and libro de ruta data of a sheet as the API names them, for the audit log. */
export const auditedSheetFields = (s: {
  vehicleId: string | null;
  driverId: string | null;
  guideId: string | null;
  personIds: string[];
  origin: string;
  destination: string;
  notes: string;
}) => ({
  vehicle_id: s.vehicleId,
  driver_id: s.driverId,
  guide_id: s.guideId,
  person_ids: [...s.personIds].sort(),
  origin: s.origin,
  destination: s.destination,
  notes: s.notes,
});

/** Ids of the assigned people and vehicle become `{ id, name }` (the names at the time). */
const SHEET_REFERENCES = { vehicle_id: 'vehicle', driver_id: 'user', guide_id: 'user', person_ids: 'person' } as const;
export const nameSheetReferences = (tx: DbOrTx, changes: AuditChanges) => nameReferences(tx, changes, SHEET_REFERENCES);

/** The audit entry of a sheet's state change (the one written when a check-in or finish moves it). */
export const sheetStateEntry = (
  sheet: SheetRow,
  to: string,
  action: 'state' | 'finish',
  now: Date,
  extra = '',
): AuditEntry => ({
  tourOperatorId: sheet.tourOperatorId,
  entityType: 'schedule_sheet',
  entityId: sheet.id,
  action,
  summary: `${sheetSummary(sheet)}${extra}`,
  at: now,
  changes: { state: [sheet.state, to] },
});
