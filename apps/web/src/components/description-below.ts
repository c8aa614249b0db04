/**
 * Puts an input's help text under the input instead of between label and input, so two inputs
 * side by side stay aligned when only one of them has help text.
 */
type TInputPart = 'label' | 'input' | 'description' | 'error';

export const DESCRIPTION_BELOW: { inputWrapperOrder: TInputPart[] } = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'],
};
