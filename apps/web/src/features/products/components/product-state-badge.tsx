import { Badge } from '@mantine/core';
import { PRODUCT_STATE_COLORS, productStateName } from '../utils/product-format';

/** Borrador amarillo, Activo verde, Inactivo gris: the same colours everywhere (STYLE.md "Tables"). */
export function ProductStateBadge({ state }: { state: string }) {
  return (
    <Badge component="span" color={PRODUCT_STATE_COLORS[state] ?? 'gray'} variant="light" radius="sm">
      {productStateName(state)}
    </Badge>
  );
}
