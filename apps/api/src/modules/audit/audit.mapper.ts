import { type TAuditActorKind, type TAuditEntityType, type TAuditEntryResponse, timeZoneOf } from '@trayecto/shared';
import { isoOf } from '../../lib/instants';
import type { AuditView } from './audit.repository';

/** Row → response: every column, changes as stored (`{ field: [before, after] }`). */
export function toAuditEntryResponse(row: AuditView): TAuditEntryResponse {
  return {
    id: row.id,
    tour_operator_id: row.tourOperatorId,
    timezone: timeZoneOf(row.timezone),
    actor_id: row.actorId,
    actor_kind: row.actorKind as TAuditActorKind,
    actor_label: row.actorLabel,
    entity_type: row.entityType as TAuditEntityType,
    entity_id: row.entityId,
    action: row.action,
    changes: row.changes as TAuditEntryResponse['changes'],
    summary: row.summary,
    request_id: row.requestId,
    ip: row.ip,
    created_at: isoOf(row.createdAt),
  };
}
