import type { TPublicAccommodation } from '@trayecto/shared';
import { useId, useMemo, useRef, useState } from 'react';
import { filterAccommodations, pickupPlace } from '../lib/pickup';
import { MEETING_POINT } from '../lib/validation';
import { IconBus, IconMapPin, IconSearch } from './icons';
import './pickup-picker.css';

type Props = {
  id: string;
  options: TPublicAccommodation[] | undefined;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  meetingPoint: string;
  disabled?: boolean;
};

/**
 * A searchable list of the product's pickup places (ARIA 1.2 combobox with a listbox popup):
 * type to filter, arrows to move, Enter to choose, Escape to close. The first option is going to
 * the meeting point on one's own.
 */
export function PickupPicker({ id, options, value, onChange, error, meetingPoint, disabled }: Props) {
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const selected = options?.find((a) => a.id === value) ?? null;
  const filtered = useMemo(() => filterAccommodations(options ?? [], query).slice(0, 60), [options, query]);
  const items: { key: string; label: string }[] = [
    { key: MEETING_POINT, label: 'Iré por mi cuenta al punto de encuentro' },
    ...filtered.map((a) => ({ key: a.id, label: a.name })),
  ];
  const shownText = open
    ? query
    : value === MEETING_POINT
      ? 'Iré por mi cuenta al punto de encuentro'
      : (selected?.name ?? '');

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
        Hotel o alojamiento de recogida
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
          placeholder={disabled ? 'Elige primero la hora' : 'Busca tu hotel por nombre o zona'}
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
        <div id={listId} role="listbox" aria-label="Alojamientos de recogida" className="pub-combo-list" hidden={!open}>
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
                        {[acc.zone, acc.pickup_at ? `recoger en ${acc.pickup_at.name}` : acc.address]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </span>
                    {acc.pickup_time && (
                      <span className="pub-combo-time">
                        <span className="pub-sr-only">recogida a las </span>
                        {acc.pickup_time}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="pub-combo-main">
                    <span className="pub-combo-name">{it.label}</span>
                    {meetingPoint && <span className="pub-combo-sub">{meetingPoint}</span>}
                  </span>
                )}
              </div>
            );
          })}
          {options && filtered.length === 0 && query && (
            <p className="pub-combo-empty">
              No encontramos «{query}». Prueba con otro nombre o elige ir al punto de encuentro.
            </p>
          )}
          {!options && <p className="pub-combo-empty">Cargando alojamientos…</p>}
        </div>
      </div>
      {!error && (
        <p className="pub-hint" id={`${id}-hint`}>
          {disabled
            ? 'Cuando elijas la hora verás a qué hora te recogemos.'
            : 'Escribe el nombre de tu hotel o apartamento y elígelo de la lista.'}
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
            {selected.pickup_time ? (
              <>
                Te recogemos a las <strong>{selected.pickup_time}</strong> en <strong>{pickupPlace(selected)}</strong>
              </>
            ) : (
              <>
                Te recogemos en <strong>{pickupPlace(selected)}</strong>; te confirmaremos la hora.
              </>
            )}
            {selected.pickup_at && (
              <span className="pub-pickup-sub">
                Recoger en {selected.pickup_at.name}
                {selected.pickup_at.address ? `, ${selected.pickup_at.address}` : ''}
              </span>
            )}
          </span>
        </p>
      )}
      {value === MEETING_POINT && (
        <p className="pub-pickup-card" data-testid="pickup-info">
          <IconMapPin size={22} />
          <span>
            Te esperamos en el punto de encuentro
            {meetingPoint ? (
              <>
                : <strong>{meetingPoint}</strong>
              </>
            ) : (
              '.'
            )}
          </span>
        </p>
      )}
    </div>
  );
}
