/**
 * An operator's message settings (issue 14): the sender's name and reply-to customers see, the
 * reminder's hour, and which customer messages go out. Read by the office (levels 0, 1, 3), changed
 * by the administrator and the operator's admin. No row yet: the defaults.
 */
import {
  CUSTOMER_MESSAGE_KINDS,
  DEFAULT_REMINDER_TIME,
  type TCustomerMessageKind,
  type TMessageSettingsResponse,
  type TMessageSettingsUpdateRequest,
} from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { findVisibleTourOperator } from '../tour-operators/tour-operators.service';
import * as repo from './messages.repository';

const NOT_FOUND = 'El tour operador';

function toResponse(
  operator: { id: string; name: string; email: string },
  row: repo.MessageSettingsRow | undefined,
  smtpConfigured: boolean,
): TMessageSettingsResponse {
  const disabled = new Set(row?.disabledKinds ?? []);
  return {
    tour_operator_id: operator.id,
    sender_name: row?.senderName ?? '',
    reply_to: row?.replyTo ?? '',
    reminder_time: row?.reminderTime ?? DEFAULT_REMINDER_TIME,
    enabled_kinds: CUSTOMER_MESSAGE_KINDS.filter((k) => !disabled.has(k)),
    default_sender_name: operator.name,
    default_reply_to: operator.email,
    smtp_configured: smtpConfigured,
  };
}

async function visibleOperator(db: DbOrTx, actor: Actor, id: string) {
  const op = await findVisibleTourOperator(db, actor, id);
  if (!op) throw notFound(NOT_FOUND);
  return op;
}

export async function getMessageSettings(db: Db, actor: Actor, operatorId: string, smtpConfigured: boolean) {
  const op = await visibleOperator(db, actor, operatorId);
  return toResponse(op, await repo.findSettings(db, op.id), smtpConfigured);
}

/** Fields not sent stay as they are. */
export async function updateMessageSettings(
  db: Db,
  actor: Actor,
  operatorId: string,
  body: TMessageSettingsUpdateRequest,
  smtpConfigured: boolean,
) {
  return db.transaction(async (tx) => {
    const op = await visibleOperator(tx, actor, operatorId);
    const cur = toResponse(op, await repo.findSettings(tx, op.id), smtpConfigured);
    const enabled = new Set<TCustomerMessageKind>(body.enabled_kinds ?? cur.enabled_kinds);
    const row = await repo.upsertSettings(tx, {
      tourOperatorId: op.id,
      senderName: body.sender_name ?? cur.sender_name,
      replyTo: body.reply_to ?? cur.reply_to,
      reminderTime: body.reminder_time ?? cur.reminder_time,
      disabledKinds: CUSTOMER_MESSAGE_KINDS.filter((k) => !enabled.has(k)),
      updatedBy: actor.id,
    });
    return toResponse(op, row, smtpConfigured);
  });
}
