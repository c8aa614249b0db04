import { DateInput } from '@mantine/dates';
import { type CSSProperties, useState } from 'react';
import { requiredIf } from '../../../components/required-field';

/**
 * A calendar date typed or picked as dd/mm/aaaa (the value: YYYY-MM-DD, '' when empty).
 *
 * Its calendar opens while the field has the focus. In a dialog, Escape must close that calendar
 * and not the dialog (Mantine's dialogs close on any Escape unless its target says
 * `data-mantine-stop-propagation`, which Mantine's own selects set while open and DateInput does not).
 */
export function DateField({
  label,
  value,
  onChange,
  error,
  required,
  style,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  required?: boolean;
  style?: CSSProperties;
}) {
  // Mirrors DateInput's own dropdown state: open on focus, click or typing; closed on blur, Escape or a day.
  const [isOpen, setIsOpen] = useState(false);
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/aaaa"
      {...requiredIf(Boolean(required))}
      error={error}
      style={style}
      popoverProps={{ withinPortal: true, zIndex: 400 }}
      data-mantine-stop-propagation={isOpen || undefined}
      onFocus={() => setIsOpen(true)}
      onClick={() => setIsOpen(true)}
      onBlur={() => setIsOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setIsOpen(false);
        else if (e.key !== 'Tab' && e.key !== 'Shift') setIsOpen(true);
      }}
      getDayProps={() => ({ onClick: () => setIsOpen(false) })}
    />
  );
}
