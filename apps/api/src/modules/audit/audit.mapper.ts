import type { TAuditActorKind, TAuditEntityType, TAuditEntryResponse } from '@trayecto/shared';
import type { AuditRow } from './audit.repository';

/** Row → response: every column, changes as stored (`{ field: [before, after] }`). */
export function toAuditEntryResponse(row: AuditRow): TAuditEntryResponse {
  return {
    id: row.id,
    tour_operator_id: row.tourOperatorId,
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
    created_at: row.createdAt.toISOString(),
  };
}
