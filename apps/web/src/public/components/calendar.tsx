import { addMonths, monthOf } from '@trayecto/shared/dates';
import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n';
import { monthGrid, moveFocus, type TMonth, weekdays } from '../lib/calendar';
import { formatDay, formatMonth } from '../lib/format';
import { Later } from '../lib/hydration';
import { IconChevronLeft, IconChevronRight } from './icons';
import './calendar.css';

export type TDayInfo = { seatsLeft: number };

type Props = {
  month: TMonth;
  minMonth: TMonth;
  maxMonth: TMonth;
  onMonthChange: (m: TMonth) => void;
  selected: string;
  onSelect: (date: string) => void;
  /** Bookable days of the shown month with their most seats left; other days are disabled. */
  days: Map<string, TDayInfo>;
  loading: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A month of departures, Monday first. Days without seats are shown but disabled. Keyboard:
 * arrows move a day/week (changing month at the edges), Home/End the week, PageUp/PageDown the
 * month, Enter/Space pick the day (WAI-ARIA date picker grid).
 *
 * Taken over from the server's HTML at the first input (the customer's tap on a day, or a key), or
 * at once when what it shows changes (another month, departures that arrive, a day chosen, an
 * error): its title, weekdays and days' labels are dates in the page's language, and the first
 * such format loads the runtime's locale data, which a page that only loads never needs (issue 35,
 * goal 6). Its content is a component of its own, so that none of it runs before.
 */
export function Calendar(props: Props) {
  const { month, minMonth, maxMonth, selected, days, loading, invalid, describedBy } = props;
  return (
    <Later
      as="div"
      className={`pub-cal ${invalid ? 'pub-cal-invalid' : ''}`}
      firstInput
      watch={[month, minMonth, maxMonth, selected, days, loading, invalid, describedBy]}
    >
      <CalendarMonth {...props} />
    </Later>
  );
}

function CalendarMonth({
  month,
  minMonth,
  maxMonth,
  onMonthChange,
  selected,
  onSelect,
  days,
  loading,
  describedBy,
}: Props) {
  const weeks = monthGrid(month);
  const firstAvailable = weeks.flat().find((c) => c.inMonth && days.has(c.date))?.date;
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const wantFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  // The one day reachable with Tab: the focused, else the selected, else the first bookable day.
  const inThisMonth = (d: string | null | undefined) => !!d && monthOf(d) === month;
  const tabDate = inThisMonth(focusDate)
    ? focusDate
    : inThisMonth(selected)
      ? selected
      : (firstAvailable ?? weeks.flat().find((c) => c.inMonth)?.date);

  useEffect(() => {
    if (!wantFocus.current || !focusDate) return;
    const btn = grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`);
    if (btn) {
      btn.focus();
      wantFocus.current = false;
    }
  });

  const text = t().common.calendar;
  const seats = t().common.format.seats;
  const canPrev = month > minMonth;
  const canNext = month < maxMonth;

  function onKeyDown(e: React.KeyboardEvent<HTMLButtonElement>, date: string) {
    const next = moveFocus(date, e.key);
    if (!next) return;
    e.preventDefault();
    const target = monthOf(next);
    if (target < minMonth || target > maxMonth) return;
    if (target !== month) onMonthChange(target);
    wantFocus.current = true;
    setFocusDate(next);
  }

  return (
    <>
      <div className="pub-cal-head">
        <button
          type="button"
          className="pub-icon-btn"
          aria-label={text.previous}
          disabled={!canPrev}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <IconChevronLeft />
        </button>
        <h3 className="pub-cal-title" id="cal-title" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <button
          type="button"
          className="pub-icon-btn"
          aria-label={text.next}
          disabled={!canNext}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <IconChevronRight />
        </button>
      </div>
      <table
        ref={grid}
        className="pub-cal-grid"
        aria-labelledby="cal-title"
        aria-describedby={describedBy}
        aria-busy={loading || undefined}
      >
        <thead>
          <tr>
            {weekdays().map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                <span aria-hidden="true">{short}</span>
                <span className="pub-sr-only">{long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((cell) => {
                if (!cell.inMonth) return <td key={cell.date} />;
                const info = days.get(cell.date);
                const isSelected = cell.date === selected;
                const label = `${formatDay(cell.date)}, ${
                  loading && !info ? text.loading : info ? seats(info.seatsLeft) : text.noDepartures
                }`;
                return (
                  <td key={cell.date}>
                    <button
                      type="button"
                      data-date={cell.date}
                      className={`pub-cal-day ${info ? 'is-open' : ''} ${isSelected ? 'is-selected' : ''}`}
                      aria-label={label}
                      aria-pressed={isSelected}
                      aria-disabled={!info || undefined}
                      tabIndex={cell.date === tabDate ? 0 : -1}
                      onClick={() => {
                        setFocusDate(cell.date);
                        if (info) onSelect(cell.date);
                      }}
                      onKeyDown={(e) => onKeyDown(e, cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="pub-cal-legend" aria-hidden="true">
        <span className="pub-cal-dot" /> {text.legendOpen}
        <span className="pub-cal-dot is-selected" /> {text.legendSelected}
      </p>
    </>
  );
}
