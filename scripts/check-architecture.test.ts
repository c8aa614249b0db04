import { describe, expect, it } from 'vitest';
import { checkArchitecture, cyclesOf } from './check-architecture';

describe('the code keeps its shape (issue 31 item 4, STYLE.md rules 10-11)', () => {
  it('no import cycle, no cycle between modules or features, every layer points one way', async () => {
    expect(await checkArchitecture()).toEqual([]);
  }, 60_000);

  it('finds a cycle between groups, and none in a chain', () => {
    const graph = (edges: [string, string][]) => {
      const g = new Map<string, Set<string>>();
      for (const [a, b] of edges) {
        if (!g.has(a)) g.set(a, new Set());
        if (!g.has(b)) g.set(b, new Set());
        g.get(a)?.add(b);
      }
      return g;
    };
    expect(
      cyclesOf(
        graph([
          ['bookings', 'messages'],
          ['messages', 'public'],
          ['public', 'bookings'],
        ]),
      ),
    ).toEqual([['bookings', 'messages', 'public']]);
    expect(
      cyclesOf(
        graph([
          ['public', 'bookings'],
          ['bookings', 'messages'],
          ['bookings', 'departures'],
        ]),
      ),
    ).toEqual([]);
  });
});
