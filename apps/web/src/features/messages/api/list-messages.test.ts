import { afterEach, describe, expect, it } from 'vitest';
import { setViewerZone } from '../../../lib/time-zone';
import { messagesQueryString } from './list-messages';

afterEach(() => setViewerZone(null));

describe('GET /messages query', () => {
  it("the filters go as field[op]=value; the days are whole days of the operator's zone", () => {
    setViewerZone('Atlantic/Canary');
    const q = decodeURIComponent(
      messagesQueryString({
        q: ' lucia ',
        state: 'failed,skipped',
        kind: 'booking_reminder',
        channel: 'email',
        from: '2026-07-01',
        to: '2026-07-02',
        booking_id: 'b1',
        tour_operator_id: 'op1',
        page: 2,
        per_page: 50,
        sort: '-created_at',
      }),
    );
    expect(q).toContain('state[in]=failed,skipped');
    expect(q).toContain('kind[eq]=booking_reminder');
    expect(q).toContain('channel[eq]=email');
    expect(q).toContain('booking_id[eq]=b1');
    expect(q).toContain('tour_operator_id[eq]=op1');
    expect(q).toContain('created_at[gte]=2026-06-30T23:00:00.000Z');
    expect(q).toContain('created_at[lt]=2026-07-02T23:00:00.000Z');
    expect(q).toContain('q=lucia');
    expect(q).toContain('page=2');
    expect(q).toContain('sort=-created_at');
  });

  it('nothing chosen: only paging and sorting', () => {
    expect(messagesQueryString({ page: 1, per_page: 50, sort: '-created_at', state: '', q: '' })).toBe(
      '?page=1&per_page=50&sort=-created_at',
    );
  });
});
