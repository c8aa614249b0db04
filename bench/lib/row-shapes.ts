/**
 * Rows shaped like the API's, made by generate_series (no data set needed), for the scripts that
 * measure reading them in a bare process (bench/row-decode.ts, bench/query-gc.ts).
 */

/** A calendar week's departure rows: 1,100 rows of 10 fields (two uuids, a date, a time, numbers, booleans). */
export const CALENDAR_WEEK_ROWS = `
    select md5(g::text)::uuid as id, md5((g % 100)::text)::uuid as "productId",
      ('2026-12-07'::date + g % 7)::text as date, lpad((8 + g % 10)::text, 2, '0') || ':30' as time,
      30 as capacity, g % 5 = 0 as "capacityOverride", g % 30 as "seatsTaken", false as closed,
      g % 9 as bookings, g % 30 as pax
    from generate_series(1, 1100) g`;
