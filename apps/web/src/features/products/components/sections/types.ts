import type { UseFormReturnType } from '@mantine/form';
import type { TProductFormValues } from '../product-form-values';

export type TProductForm = UseFormReturnType<TProductFormValues>;

export type TSectionProps = {
  form: TProductForm;
  /** Nothing in the section can be changed (the role's rights, PRODUCT §3). */
  readOnly: boolean;
};

/** Read-only inputs: no placeholder pretending there is something to type. */
export const readOnlyProps = (readOnly: boolean) => (readOnly ? ({ readOnly: true, placeholder: '' } as const) : {});
