/**
 * GET /messages/export.csv (issue 31 item 12): "Mensajes" as a file, with the list's filters,
 * sort, search, roles and tenant scope (docs/decisions/013-csv-export.md). One row per message,
 * without its body (the list's columns); times in each message's operator's zone, the
 * administrator's file naming the zone and the operator.
 */
import {
  ACCESS,
  API_PATHS,
  MESSAGE_CHANNEL_NAMES,
  MESSAGE_KIND_NAMES,
  MESSAGE_STATE_NAMES,
  type TMessageResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import { pagedBatches, registerCsvExport, type TCsvColumns, type TCsvTimes } from '../../lib/csv-stream';
import { operatorNames, viewerZone } from '../tour-operators/tour-operators.export';
import { listMessages } from './messages.read';
import { MESSAGE_LIST_SPEC } from './messages.repository';

/** `operatorName` only in the administrator's file: a "Tour operador" column ("Plataforma" for none). */
export function messagesCsv(
  times: TCsvTimes,
  operatorName?: (id: string) => string | undefined,
): TCsvColumns<TMessageResponse> {
  const withZone = times.showZone;
  return {
    header: [
      'Fecha y hora',
      ...(withZone ? ['Zona horaria'] : []),
      'Canal',
      'Tipo',
      'Estado',
      'Destinatario',
      'Nombre',
      'Asunto o evento',
      'Idioma',
      'Reserva',
      'Intentos',
      'Próximo intento',
      'Enviado',
      'Respuesta HTTP',
      'Motivo o último error',
      'Quién',
      ...(operatorName ? ['Tour operador'] : []),
    ],
    row: (m) => [
      times.dateTime(m.created_at, m.timezone),
      ...(withZone ? [times.zoneName(m.timezone)] : []),
      MESSAGE_CHANNEL_NAMES[m.channel] ?? m.channel,
      MESSAGE_KIND_NAMES[m.kind] ?? m.kind,
      MESSAGE_STATE_NAMES[m.state] ?? m.state,
      m.recipient,
      m.recipient_name,
      m.subject,
      m.locale,
      m.booking_locator ?? '',
      m.channel === 'whatsapp' ? '' : m.attempts,
      m.next_attempt_at ? times.dateTime(m.next_attempt_at, m.timezone) : '',
      m.sent_at ? times.dateTime(m.sent_at, m.timezone) : '',
      m.response_status ?? '',
      m.last_error ?? '',
      m.actor_name ?? 'Sistema',
      ...(operatorName ? [(m.tour_operator_id && operatorName(m.tour_operator_id)) || 'Plataforma'] : []),
    ],
  };
}

export function registerMessagesExport(app: FastifyInstance) {
  registerCsvExport(app, {
    path: API_PATHS.messagesExport,
    name: 'mensajes',
    tags: ['Mensajes'],
    summary: 'Exportar los mensajes a CSV (mismos filtros y permisos que la lista «Mensajes»)',
    roles: ACCESS.messages,
    spec: MESSAGE_LIST_SPEC,
    viewerZone,
    build: async ({ db, actor, params, times }) => {
      const names = times.showZone ? await operatorNames(db, actor) : undefined;
      return {
        columns: messagesCsv(times, names ? (id) => names.get(id) : undefined),
        batches: pagedBatches(params, (p) => listMessages(db, actor, p)),
      };
    },
  });
}
