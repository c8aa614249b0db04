/**
 * "Caja" (issue 34, ADR 025): who holds money collected on the spot and its handover to the office.
 * A handover closes exactly the payments given (the holder's cash or card payments not handed over
 * yet) and records what the office counted and the difference, in one transaction; of two handovers
 * of the same payment at once, one wins (the bookings module's conditional UPDATE) and the other
 * answers 409 with nothing written. A difference needs notes. A handover never changes.
 */
import {
  CASH_MSG,
  type TCashHandoverCreateRequest,
  type TCashHandoverDetailResponse,
  type TCashHandoverResponse,
  type TCashHolderDetailResponse,
  type TCashHolderResponse,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import type { Actor } from '../../lib/tenant';
import { markPaymentsHandedOver } from '../bookings/bookings.service';
import { signedCents, toCashPayment, toHandover, toHolder } from './cash.mapper';
import * as repo from './cash.repository';

export async function listHolders(db: DbOrTx, actor: Actor): Promise<TCashHolderResponse[]> {
  return (await repo.listHolders(db, actor)).map(toHolder);
}

/** One person's money not handed over yet, payment by payment (none: an empty list, not 404). */
export async function getHolder(db: DbOrTx, actor: Actor, userId: string): Promise<TCashHolderDetailResponse> {
  const user = await repo.findUser(db, actor, userId);
  if (!user?.tour_operator_id) throw notFound('La persona');
  const [row] = await repo.listHolders(db, actor, userId);
  const payments = await repo.listHeldPayments(db, user.tour_operator_id, userId);
  const holder = row
    ? toHolder(row)
    : {
        ...toHolder({
          user_id: user.id,
          name: user.full_name,
          level: user.level,
          tour_operator_id: user.tour_operator_id,
          cash_cents: 0,
          card_cents: 0,
          payment_count: 0,
          oldest_at: null,
          timezone: user.timezone,
        }),
        oldest_at: null,
      };
  return { holder, payments: payments.map(toCashPayment) };
}

/**
 * POST /cash/handovers: the office receives `payment_ids` from `holder_id` and counted
 * `received_cents`. Each payment must be the holder's, by cash or card and not handed over (422 on
 * payment_ids; one already handed over: 409); a difference needs notes (422 on notes).
 */
export async function createHandover(
  db: DbOrTx,
  actor: Actor,
  body: TCashHandoverCreateRequest,
  now: Date,
): Promise<TCashHandoverDetailResponse> {
  const id = await inTransaction(db, async (tx) => {
    const holder = await repo.findUser(tx, actor, body.holder_id);
    if (!holder?.tour_operator_id) throw validation({ holder_id: [CASH_MSG.holderUnknown] }, CASH_MSG.holderUnknown);
    const tourOperatorId = holder.tour_operator_id;
    const found = await repo.findPayments(tx, tourOperatorId, body.payment_ids);
    const byId = new Map(found.map((p) => [p.id, p]));
    const notHeld = body.payment_ids.filter((pid) => {
      const p = byId.get(pid);
      return !p || p.recorded_by !== holder.id || (p.method !== 'cash' && p.method !== 'card');
    });
    if (notHeld.length > 0) throw validation({ payment_ids: [CASH_MSG.paymentNotHeld] }, CASH_MSG.paymentNotHeld);
    if (found.some((p) => p.handover_id))
      throw new AppError({ code: 'STATE_CONFLICT', message: CASH_MSG.paymentHandedOver });
    const expected = found.reduce((sum, p) => sum + signedCents(p), 0);
    const difference = body.received_cents - expected;
    const notes = (body.notes ?? '').trim();
    if (difference !== 0 && !notes) throw validation({ notes: [CASH_MSG.notesRequired] }, CASH_MSG.notesRequired);
    const handover = await repo.insertHandover(tx, {
      tourOperatorId,
      holderId: holder.id,
      expectedCents: expected,
      receivedCents: body.received_cents,
      differenceCents: difference,
      paymentCount: found.length,
      notes,
      receivedBy: actor.id,
      createdAt: now,
    });
    const closed = await markPaymentsHandedOver(tx, {
      tourOperatorId,
      holderId: holder.id,
      paymentIds: body.payment_ids,
      handoverId: handover.id,
    });
    // Another handover took some of them meanwhile: this one is refused whole (rolled back).
    if (closed !== body.payment_ids.length) {
      throw new AppError({ code: 'STATE_CONFLICT', message: CASH_MSG.paymentHandedOver });
    }
    return handover.id;
  });
  return getHandover(db, actor, id);
}

export async function listHandovers(
  db: DbOrTx,
  actor: Actor,
  params: ListParams,
): Promise<{ items: TCashHandoverResponse[]; total: number }> {
  const { rows, total } = await repo.listHandovers(db, actor, params);
  return { items: rows.map(toHandover), total };
}

export async function getHandover(db: DbOrTx, actor: Actor, id: string): Promise<TCashHandoverDetailResponse> {
  const row = await repo.findHandover(db, actor, id);
  if (!row) throw notFound('La entrega');
  const payments = await repo.listHandoverPayments(db, id);
  return { ...toHandover(row), payments: payments.map(toCashPayment) };
}
