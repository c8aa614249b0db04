/** Commission rows → the "Comisiones" contract shapes (issue 34). */
import type {
  TCommissionDueParty,
  TCommissionDueSummaryParty,
  TCommissionLine,
  TCommissionSettleMethod,
  TCommissionStatementResponse,
} from '@trayecto/shared';
import { isoOf, isoOrNull } from '../../lib/instants';
import type { DuePartyRow, LineRow, StatementRow } from './commissions.repository';

export const toLine = (r: LineRow): TCommissionLine => ({
  booking_id: r.booking_id,
  locator: r.locator,
  date: r.date,
  time: r.time,
  product_name: r.product_name,
  customer_name: r.customer_name,
  booking_state: r.booking_state,
  booking_total_cents: Number(r.booking_total_cents),
  commission_cents: Number(r.commission_cents),
  counted_cents: Number(r.counted_cents),
  amount_cents: Number(r.amount_cents),
});

/** Due lines (ordered by party) grouped per seller or channel. */
export function groupByParty(rows: LineRow[]): TCommissionDueParty[] {
  const parties = new Map<string, TCommissionDueParty>();
  for (const r of rows) {
    const key = `${r.party_kind}:${r.party_id}`;
    let p = parties.get(key);
    if (!p) {
      p = {
        party_kind: r.party_kind,
        party_id: r.party_id,
        party_name: r.party_name,
        tour_operator_id: r.tour_operator_id,
        booking_count: 0,
        amount_cents: 0,
        lines: [],
      };
      parties.set(key, p);
    }
    p.booking_count += 1;
    p.amount_cents += Number(r.amount_cents);
    p.lines.push(toLine(r));
  }
  return [...parties.values()];
}

/** A party's due without its lines (GET /commissions/due/summary). */
export const toDueParty = (r: DuePartyRow): TCommissionDueSummaryParty => ({
  party_kind: r.party_kind,
  party_id: r.party_id,
  party_name: r.party_name,
  tour_operator_id: r.tour_operator_id,
  booking_count: Number(r.booking_count),
  amount_cents: Number(r.amount_cents),
});

export function toStatementResponse(r: StatementRow): TCommissionStatementResponse {
  const s = r.s;
  return {
    id: s.id,
    party_kind: s.partyKind as TCommissionStatementResponse['party_kind'],
    party_id: (s.sellerId ?? s.channelId) as string,
    party_name: r.partyName,
    tour_operator_id: s.tourOperatorId,
    period_from: s.periodFrom,
    period_to: s.periodTo,
    total_cents: s.totalCents,
    line_count: s.lineCount,
    state: s.state as TCommissionStatementResponse['state'],
    settled_on: s.settledOn,
    method: (s.method as TCommissionSettleMethod | null) ?? null,
    reference: s.reference,
    settled_at: isoOrNull(s.settledAt),
    settled_by: s.settledBy ? { id: s.settledBy, name: r.settlerName ?? '' } : null,
    created_at: isoOf(s.createdAt),
    created_by: { id: s.createdBy, name: r.creatorName ?? '' },
    timezone: r.timezone,
  };
}
