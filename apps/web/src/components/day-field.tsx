import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import { dayValueFormatter } from '../lib/dates';
import { readOnlyProps } from './form-drawer';

/**
 * A calendar date of a record's form in a drawer ("lun, 23 nov 2026"): its calendar opens above
 * the drawer, and nothing invites typing when read-only. (Its own file: only the forms that have
 * one load @mantine/dates.)
 */
export function DayField({
  readOnly,
  inputProps,
  ...props
}: Omit<DatePickerInputProps<'default'>, 'readOnly'> & {
  label: string;
  readOnly: boolean;
  /** form.getInputProps(path) */
  inputProps: GetInputPropsReturnType;
}) {
  return (
    <DatePickerInput
      placeholder="Elige el día"
      valueFormatter={dayValueFormatter}
      popoverProps={{ withinPortal: true, zIndex: 400 }}
      {...props}
      {...readOnlyProps(readOnly)}
      {...inputProps}
    />
  );
}
