import { Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { TTourOperatorOption } from '../lib/tour-operator-options';
import { FormSection } from './form-section';
import { REQUIRED_FIELD } from './required-field';

/**
 * "Tour operador" of a resource, for the administrator only: chosen when the record is created,
 * shown (read-only) afterwards.
 */
export function TourOperatorSection({
  description,
  choose,
  operators,
  currentId,
  inputProps,
}: {
  description: string;
  /** A new record the administrator may save: the operator is chosen. */
  choose: boolean;
  operators: readonly TTourOperatorOption[];
  /** The record's operator, shown when it is not chosen. */
  currentId: string | undefined;
  inputProps: GetInputPropsReturnType;
}) {
  return (
    <FormSection title="Tour operador" description={description}>
      {choose ? (
        <Select
          label="Tour operador"
          placeholder="Elige un tour operador"
          {...REQUIRED_FIELD}
          data={operators as TTourOperatorOption[]}
          searchable
          nothingFoundMessage="Ningún tour operador coincide"
          {...inputProps}
        />
      ) : (
        <TextInput label="Tour operador" readOnly value={operators.find((o) => o.value === currentId)?.label ?? ''} />
      )}
    </FormSection>
  );
}
