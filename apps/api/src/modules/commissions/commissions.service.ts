/**
 * "Comisiones" (issue 34, ADR 025): what sellers and channels are owed, statements and their
 * settlement. A statement is made from what is due for one party and period in one transaction,
 * with the party locked (two at once never count a booking twice); it is settled once (a second
 * settle answers 409) and never changes afterwards: a later change of one of its bookings shows as
 * a correcting line in the party's next statement. A Vendedor reads only their own.
 */
import {
  COMMISSION_MSG,
  COMMISSION_SETTLE_METHOD_NAMES,
  COMMISSION_STATEMENT_STATE_NAMES,
  csvFileName,
  LEVEL,
  type TCommissionDueQuery,
  type TCommissionDueResponse,
  type TCommissionDueSummaryResponse,
  type TCommissionSettleRequest,
  type TCommissionStatementCreateRequest,
  type TCommissionStatementDetailResponse,
  type TCommissionStatementResponse,
  toCsv,
  todayIn,
} from '@trayecto/shared';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { AppError, forbidden, notFound, validation } from '../../lib/app-error';
import type { ListParams } from '../../lib/filters';
import { type Actor, isAdmin } from '../../lib/tenant';
import { groupByParty, toDueParty, toLine, toStatementResponse } from './commissions.mapper';
import * as repo from './commissions.repository';

const WHAT = 'La liquidación';

const isSeller = (actor: Actor) => actor.level === LEVEL.SELLER;
const scopeFor = (actor: Actor) => repo.scopeOf(actor, isSeller(actor));

/** The due's filter for the actor: a Vendedor's own (a channel's or another seller's is nothing). */
function dueFilterOf(actor: Actor, q: TCommissionDueQuery): repo.DueFilter | undefined {
  if (isSeller(actor) && (q.party === 'channel' || (q.party_id && q.party_id !== actor.id))) return undefined;
  return {
    from: q.from,
    to: q.to,
    partyKind: isSeller(actor) ? 'seller' : q.party,
    partyId: q.party_id,
    tourOperatorId: isAdmin(actor) ? q.tour_operator_id : undefined,
  };
}

/**
 * GET /commissions/due: per seller and channel, the bookings of the period not yet (fully) in a
 * statement, with their lines; `party` + `party_id` for one party's (what the screen opens).
 */
export async function listDue(db: DbOrTx, actor: Actor, q: TCommissionDueQuery): Promise<TCommissionDueResponse> {
  const filter = dueFilterOf(actor, q);
  if (!filter) return { from: q.from, to: q.to, parties: [] };
  const rows = await repo.listDueLines(db, scopeFor(actor), filter);
  return { from: q.from, to: q.to, parties: groupByParty(rows) };
}

/**
 * GET /commissions/due/summary: the same parties with their booking count and amount, without the
 * lines (ADR 037: what the «Pendiente» tab opens with; a month's lines are thousands).
 */
export async function listDueSummary(
  db: DbOrTx,
  actor: Actor,
  q: TCommissionDueQuery,
): Promise<TCommissionDueSummaryResponse> {
  const filter = dueFilterOf(actor, q);
  if (!filter) return { from: q.from, to: q.to, parties: [] };
  const rows = await repo.listDueParties(db, scopeFor(actor), filter);
  return { from: q.from, to: q.to, parties: rows.map(toDueParty) };
}

/** The party of a new statement: a user of the operator or a channel of it (422 on the field otherwise). */
async function partyOf(db: DbOrTx, actor: Actor, body: TCommissionStatementCreateRequest) {
  const scope = scopeFor(actor);
  if (body.party_kind === 'seller') {
    const seller = body.seller_id ? await repo.findSeller(db, scope, body.seller_id) : undefined;
    if (!seller) throw validation({ seller_id: [COMMISSION_MSG.sellerUnknown] }, COMMISSION_MSG.sellerUnknown);
    return { id: seller.id, tourOperatorId: seller.tour_operator_id };
  }
  const channel = body.channel_id ? await repo.findChannel(db, scope, body.channel_id) : undefined;
  if (!channel) throw validation({ channel_id: [COMMISSION_MSG.channelUnknown] }, COMMISSION_MSG.channelUnknown);
  return { id: channel.id, tourOperatorId: channel.tour_operator_id };
}

/**
 * POST /commissions/statements: an open statement of what the party is owed for the period, with
 * one line per booking (its commission now and the amount: less what earlier statements counted).
 * Nothing due → 422. The party is locked for the transaction (advisory lock on its id), so two
 * statements made at once for it never count a booking twice.
 */
export async function createStatement(
  db: DbOrTx,
  actor: Actor,
  body: TCommissionStatementCreateRequest,
  now: Date,
): Promise<TCommissionStatementDetailResponse> {
  if (isSeller(actor)) throw forbidden('Solo la oficina crea liquidaciones');
  const id = await inTransaction(db, async (tx) => {
    const party = await partyOf(tx, actor, body);
    await repo.lockParty(tx, party.id);
    const lines = await repo.listDueLines(
      tx,
      { tourOperatorId: party.tourOperatorId, sellerId: null },
      { from: body.from, to: body.to, partyKind: body.party_kind, partyId: party.id },
    );
    if (lines.length === 0) {
      throw new AppError({
        code: 'VALIDATION',
        message: COMMISSION_MSG.nothingDue,
        errors: { to: [COMMISSION_MSG.nothingDue] },
      });
    }
    const statement = await repo.insertStatement(tx, {
      tourOperatorId: party.tourOperatorId,
      partyKind: body.party_kind,
      sellerId: body.party_kind === 'seller' ? party.id : null,
      channelId: body.party_kind === 'channel' ? party.id : null,
      periodFrom: body.from,
      periodTo: body.to,
      totalCents: lines.reduce((sum, l) => sum + Number(l.amount_cents), 0),
      lineCount: lines.length,
      createdBy: actor.id,
      createdAt: now,
    });
    const written = await repo.insertLines(
      tx,
      { id: statement.id, tourOperatorId: party.tourOperatorId },
      lines.map((l) => ({
        bookingId: l.booking_id,
        commissionCents: Number(l.commission_cents),
        amountCents: Number(l.amount_cents),
      })),
    );
    // Every line's booking is the operator's (read just before, in this transaction): never fewer.
    if (written !== lines.length) throw new Error(`Liquidación: ${written} líneas escritas de ${lines.length}`);
    return statement.id;
  });
  return getStatement(db, actor, id);
}

export async function listStatements(
  db: DbOrTx,
  actor: Actor,
  params: ListParams,
): Promise<{ items: TCommissionStatementResponse[]; total: number }> {
  const { rows, total } = await repo.listStatements(db, scopeFor(actor), params);
  return { items: rows.map(toStatementResponse), total };
}

/** One statement with its lines; another seller's, or another operator's, is 404. */
export async function getStatement(db: DbOrTx, actor: Actor, id: string): Promise<TCommissionStatementDetailResponse> {
  const row = await repo.findStatement(db, scopeFor(actor), id);
  if (!row) throw notFound(WHAT);
  const lines = await repo.listStatementLines(db, id);
  return { ...toStatementResponse(row), lines: lines.map(toLine) };
}

/** POST /commissions/statements/{id}/settle: once (409 STATE_CONFLICT the second time); never changed after. */
export async function settleStatement(
  db: DbOrTx,
  actor: Actor,
  id: string,
  body: TCommissionSettleRequest,
  now: Date,
): Promise<TCommissionStatementDetailResponse> {
  if (isSeller(actor)) throw forbidden('Solo la oficina marca una liquidación como pagada');
  const scope = scopeFor(actor);
  await inTransaction(db, async (tx) => {
    const done = await repo.settleStatement(tx, scope, id, {
      settledOn: body.settled_on,
      method: body.method,
      reference: body.reference ?? '',
      settledBy: actor.id,
      settledAt: now,
    });
    if (done) return;
    if (!(await repo.findStatement(tx, scope, id))) throw notFound(WHAT);
    throw new AppError({ code: 'STATE_CONFLICT', message: COMMISSION_MSG.alreadySettled });
  });
  return getStatement(db, actor, id);
}

const euros = (cents: number) => cents / 100;
const dmy = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');

/** GET /commissions/statements/{id}/export.csv: the statement and its lines as a spreadsheet. */
export async function statementCsv(db: DbOrTx, actor: Actor, id: string, now: Date) {
  const s = await getStatement(db, actor, id);
  const head = [
    'Liquidación',
    'Parte',
    'Periodo',
    'Estado',
    'Pagada el',
    'Forma de pago',
    'Referencia',
    'Localizador',
    'Fecha',
    'Hora',
    'Producto',
    'Cliente',
    'Total reserva (€)',
    'Comisión (€)',
    'Ya liquidado (€)',
    'Importe (€)',
  ];
  const common = [
    s.id,
    s.party_name,
    `${dmy(s.period_from)} – ${dmy(s.period_to)}`,
    COMMISSION_STATEMENT_STATE_NAMES[s.state],
    dmy(s.settled_on),
    s.method ? COMMISSION_SETTLE_METHOD_NAMES[s.method] : '',
    s.reference,
  ];
  const rows = s.lines.map((l) => [
    ...common,
    l.locator,
    dmy(l.date),
    l.time,
    l.product_name,
    l.customer_name,
    euros(l.booking_total_cents),
    euros(l.commission_cents),
    euros(l.counted_cents),
    euros(l.amount_cents),
  ]);
  return {
    body: toCsv(head, rows),
    fileName: csvFileName(`liquidacion-${s.period_from}-${s.period_to}`, todayIn(s.timezone, now)),
  };
}
