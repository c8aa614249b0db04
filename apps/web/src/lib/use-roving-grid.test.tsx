import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthGridDays } from '../components/month-grid';
import { useRovingGrid } from './use-roving-grid';

/** The booking form's use: only some days may be chosen, the month does not change with the keys. */
function Picker({ month, open, chosen }: { month: string; open: string[]; chosen?: string }) {
  const grid = useRovingGrid<HTMLDivElement>({ month, dates: open, preferred: [chosen] });
  return (
    <div ref={grid.ref}>
      {monthGridDays(month, '2026-01-01')
        .flat()
        .filter((d) => d.inMonth)
        .map((d) => (
          <button
            key={d.date}
            type="button"
            data-date={d.date}
            disabled={!open.includes(d.date) && d.date !== chosen}
            tabIndex={d.date === grid.tabDate ? 0 : -1}
            onKeyDown={(e) => grid.onKeyDown(e, d.date)}
            onFocus={() => grid.onFocus(d.date)}
          >
            {d.day}
          </button>
        ))}
    </div>
  );
}

const key = (k: string) => fireEvent.keyDown(document.activeElement as Element, { key: k });
const focused = () => (document.activeElement as HTMLElement).dataset.date;
const tabStop = (c: HTMLElement) => c.querySelector<HTMLElement>('[tabindex="0"]')?.dataset.date;

describe('useRovingGrid', () => {
  // November 2026: Monday 2, 9, 16, 23, 30.
  const open = ['2026-11-04', '2026-11-05', '2026-11-11', '2026-11-20', '2026-11-26'];

  it('makes the chosen day in the month the Tab stop, else the first allowed one', () => {
    const { container, rerender } = render(<Picker month="2026-11" open={open} chosen="2026-11-20" />);
    expect(tabStop(container)).toBe('2026-11-20');
    rerender(<Picker month="2026-11" open={open} chosen="2026-12-03" />);
    expect(tabStop(container)).toBe('2026-11-04');
    rerender(<Picker month="2026-11" open={[]} />);
    expect(tabStop(container)).toBeUndefined();
  });

  it('skips the days that are not allowed, in the direction of the key, and never leaves the month', () => {
    const { container } = render(<Picker month="2026-11" open={open} />);
    act(() => container.querySelector<HTMLElement>('[data-date="2026-11-04"]')?.focus());
    key('ArrowRight');
    expect(focused()).toBe('2026-11-05');
    key('ArrowRight'); // 6 and 7 closed: on to the 11th
    expect(focused()).toBe('2026-11-11');
    key('ArrowDown'); // 18 closed: the next open day after it
    expect(focused()).toBe('2026-11-20');
    key('ArrowUp'); // 13 closed: the open day before it
    expect(focused()).toBe('2026-11-11');
    key('End'); // Sunday 15 closed: the week's last open day, the 11th itself
    expect(focused()).toBe('2026-11-11');
    key('Home'); // Monday 9 closed: the week's first open day
    expect(focused()).toBe('2026-11-11');
    key('ArrowLeft');
    expect(focused()).toBe('2026-11-05');
    key('PageDown'); // no month change here: stays
    expect(focused()).toBe('2026-11-05');
    act(() => container.querySelector<HTMLElement>('[data-date="2026-11-26"]')?.focus());
    key('ArrowDown');
    key('ArrowRight');
    expect(focused()).toBe('2026-11-26');
    expect(tabStop(container)).toBe('2026-11-26');
  });
});
