import { DateInput } from '@mantine/dates';
import type { CSSProperties } from 'react';
import { requiredIf } from '../../../components/required-field';

/** A calendar date typed or picked as dd/mm/aaaa (the value: YYYY-MM-DD, '' when empty). */
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
    />
  );
}
