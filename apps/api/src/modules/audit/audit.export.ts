/**
 * GET /audit-log/export.csv: the filtered activity as CSV, one row per entry with its changes as
 * text (the wording of the activity screen, @trayecto/shared audit-format.ts). Times in each
 * entry's operator's zone, to the second; the administrator's file names that zone in a column.
 */
import {
  ACCESS,
  API_PATHS,
  actionLabel,
  actorText,
  changeLines,
  entityLabel,
  type TAuditEntryResponse,
  type TFormatContext,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { CSV_BATCH_ROWS, registerCsvExport, type TCsvColumns, type TCsvTimes } from '../../lib/csv-stream';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { operatorNames, viewerZone } from '../tour-operators/tour-operators.export';
import { AUDIT_LIST_SPEC } from './audit.repository';
import { listAuditLog } from './audit.service';

export function auditCsv(times: TCsvTimes, ctx: TFormatContext = {}): TCsvColumns<TAuditEntryResponse> {
  const withZone = times.showZone;
  return {
    header: [
      'Fecha y hora',
      ...(withZone ? ['Zona horaria'] : []),
      'Quién',
      'Tipo',
      'Registro',
      'Acción',
      'Cambios',
      'Petición',
      'IP',
    ],
    row: (e) => [
      times.dateTimeSeconds(e.created_at, e.timezone),
      ...(withZone ? [times.zoneName(e.timezone)] : []),
      // Who, as the screens say it (ADR 020); a staff member keeps the e-mail that identifies them.
      e.actor_kind === 'staff' ? e.actor_label : actorText(e.actor_kind, e.actor_label),
      entityLabel(e.entity_type),
      e.summary,
      actionLabel(e.action),
      changeLines(e, ctx)
        .map((l) => l.text)
        .join(' | '),
      e.request_id ?? '',
      e.ip ?? '',
    ],
  };
}

/**
 * The file's batches: the list's keyset cursor (ADR 028), so the 6,000th batch of the whole log
 * costs what the first does (no OFFSET) and only the first batch counts; page numbers only where
 * the sort cannot be keyed.
 */
export async function* auditBatches(
  db: DbOrTx,
  actor: Actor,
  params: ListParams,
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<TAuditEntryResponse[]> {
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await listAuditLog(db, actor, { ...params, page, perPage: batchRows }, cursor);
    if (res.items.length > 0) yield res.items;
    if (!res.hasMore) return;
    cursor = res.nextCursor ?? undefined;
  }
}

export function registerAuditExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.auditLogExport,
    name: 'registro-actividad',
    tags: ['Registro de actividad'],
    summary: 'Exportar el registro de actividad a CSV (mismos filtros y permisos que la lista)',
    roles: ACCESS.auditLog,
    spec: AUDIT_LIST_SPEC,
    viewerZone,
    // The list's keyset cursor: the export reads every entry itself.
    ignore: ['cursor'],
    build: async ({ db, actor, params, times }) => ({
      columns: auditCsv(times, { operatorNames: await operatorNames(db, actor) }),
      batches: auditBatches(db, actor, params),
    }),
  });
}
