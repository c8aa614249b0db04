import type { TPublicAccommodation } from '@trayecto/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { t } from '../i18n';
import { filterAccommodations, pickupPlace } from '../lib/pickup';
import { MEETING_POINT } from '../lib/validation';
import { fill } from './fill';
import { IconBus, IconMapPin, IconSearch } from './icons';
import './pickup-picker.css';

type Props = {
  id: string;
  options: TPublicAccommodation[] | undefined;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  meetingPoint: string;
  /** The meeting point's language when it fell back to another one (`content_locales.meeting_point`). */
  meetingPointLang?: string;
  /** The product's pickup notes (what to know about being collected), shown under the picker. */
  notes?: string;
  notesLang?: string;
  disabled?: boolean;
  /**
   * The place already chosen, as far as it is known before `options` arrive (the customer's
   * booking carries its own): its name in the field and its pickup card from the first render, so
   * the list's arrival changes nothing on the page (the page's part is then taken over at the first
   * input, not when the list arrives: issue 35, goal 6).
   */
  known?: TPublicAccommodation | null;
};

/**
 * A searchable list of the product's pickup places (ARIA 1.2 combobox with a listbox popup):
 * type to filter, arrows to move, Enter to choose, Escape to close. The first option is going to
 * the meeting point on one's own.
 */
export function PickupPicker({
  id,
  options,
  value,
  onChange,
  error,
  meetingPoint,
  meetingPointLang,
  notes,
  notesLang,
  disabled,
  known,
}: Props) {
  const text = t().common.pickup;
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const selected = options?.find((a) => a.id === value) ?? (known?.id === value ? known : null);
  const filtered = useMemo(() => filterAccommodations(options ?? [], query).slice(0, 60), [options, query]);
  const items: { key: string; label: string }[] = [
    { key: MEETING_POINT, label: text.meetingPointOption },
    ...filtered.map((a) => ({ key: a.id, label: a.name })),
  ];
  const shownText = open ? query : value === MEETING_POINT ? text.meetingPointOption : (selected?.name ?? '');

  function choose(key: string) {
    onChange(key);
    setOpen(false);
    setQuery('');
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const d = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + d + items.length) % items.length);
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const it = items[active];
      if (it) choose(it.key);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setQuery('');
    }
  }

  const activeId = open && items[active] ? `${listId}-${active}` : undefined;
  return (
    <div className={`pub-field pub-combo ${error ? 'pub-field-invalid' : ''}`}>
      <label htmlFor={id}>
        {text.label}
        <span className="pub-required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="pub-combo-box">
        <IconSearch className="pub-combo-icon" size={20} />
        <input
          ref={input}
          id={id}
          name={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          placeholder={disabled ? text.placeholderNoTime : text.placeholder}
          disabled={disabled}
          value={shownText}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onBlur={() => {
            setOpen(false);
            setQuery('');
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label={text.listLabel} className="pub-combo-list" hidden={!open}>
          {items.map((it, i) => {
            const acc = it.key === MEETING_POINT ? null : (options?.find((a) => a.id === it.key) ?? null);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
              <div
                key={it.key}
                id={`${listId}-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={value === it.key}
                className={`pub-combo-option ${i === active ? 'is-active' : ''} ${value === it.key ? 'is-selected' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(it.key)}
              >
                {acc ? (
                  <>
                    <span className="pub-combo-main">
                      <span className="pub-combo-name">{acc.name}</span>
                      <span className="pub-combo-sub">
                        {[acc.zone, acc.pickup_at ? text.collectAt(acc.pickup_at.name) : acc.address]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    {acc.pickup_time && (
                      <span className="pub-combo-time">
                        <span className="pub-sr-only">{text.timePrefix}</span>
                        {acc.pickup_time}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="pub-combo-main">
                    <span className="pub-combo-name">{it.label}</span>
                    {meetingPoint && (
                      <span className="pub-combo-sub" lang={meetingPointLang}>
                        {meetingPoint}
                      </span>
                    )}
                  </span>
                )}
              </div>
            );
          })}
          {options && filtered.length === 0 && query && <p className="pub-combo-empty">{text.noMatch(query)}</p>}
          {!options && <p className="pub-combo-empty">{text.loading}</p>}
        </div>
      </div>
      {!error && (
        <p className="pub-hint" id={`${id}-hint`}>
          {disabled ? text.hintNoTime : text.hint}
        </p>
      )}
      {error && (
        <p className="pub-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {selected && (
        <p className="pub-pickup-card" data-testid="pickup-info">
          <IconBus size={22} />
          <span>
            {fill(selected.pickup_time ? text.pickedAt : text.pickedNoTime, {
              time: <strong>{selected.pickup_time}</strong>,
              place: <strong>{pickupPlace(selected)}</strong>,
            })}
            {selected.pickup_at && (
              <span className="pub-pickup-sub">
                {text.collectAtFull(
                  `${selected.pickup_at.name}${selected.pickup_at.address ? `, ${selected.pickup_at.address}` : ''}`,
                )}
              </span>
            )}
          </span>
        </p>
      )}
      {value === MEETING_POINT && (
        <p className="pub-pickup-card" data-testid="pickup-info">
          <IconMapPin size={22} />
          <span>
            {meetingPoint
              ? fill(text.meetingPointWait, {
                  place: <strong lang={meetingPointLang}>{meetingPoint}</strong>,
                })
              : text.meetingPointWaitNoPlace}
          </span>
        </p>
      )}
      {notes && (
        <div className="pub-hint" data-testid="pickup-notes">
          <strong>{text.notesTitle}</strong>
          <p className="pub-prewrap" lang={notesLang}>
            {notes}
          </p>
        </div>
      )}
    </div>
  );
}
