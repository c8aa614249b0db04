import { type ComboboxData, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { DESCRIPTION_BELOW } from './description-below';
import { readOnlyProps } from './form-drawer';
import { requiredIf } from './required-field';

/**
 * Fields the resource forms (vehicles, persons, accommodations) share, so each says the same thing
 * the same way: labels, limits, help text under the input, and nothing to type when read-only.
 */

type TFieldProps = {
  readOnly: boolean;
  /** form.getInputProps(path) */
  inputProps: GetInputPropsReturnType;
};

/**
 * A closed choice of a record (its type, function or state, "Estado" by default): once chosen it
 * cannot be emptied; its hint shows under it while it can be changed.
 */
export function ChoiceSelect({
  label = 'Estado',
  placeholder,
  required = false,
  data,
  hint,
  readOnly,
  inputProps,
}: TFieldProps & {
  label?: string;
  placeholder?: string;
  required?: boolean;
  data: ComboboxData;
  hint?: string;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      {...requiredIf(required && !readOnly)}
      data={data}
      allowDeselect={false}
      {...(hint ? { description: readOnly ? undefined : hint, ...DESCRIPTION_BELOW } : {})}
      {...readOnlyProps(readOnly)}
      {...inputProps}
    />
  );
}

/** "Teléfono": kept as typed (STYLE.md "Formats"), up to 40 characters. */
export function PhoneField({ placeholder, readOnly, inputProps }: TFieldProps & { placeholder: string }) {
  return (
    <TextInput
      label="Teléfono"
      type="tel"
      placeholder={placeholder}
      maxLength={40}
      autoComplete="off"
      {...readOnlyProps(readOnly)}
      {...inputProps}
    />
  );
}
