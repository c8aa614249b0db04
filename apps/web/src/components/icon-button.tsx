import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * An icon-only button with its tooltip; the accessible name is the tooltip's words unless
 * `ariaLabel` says more ("Eliminar 7712KJH"). With `to` it is a link.
 */
export function IconButton({
  label,
  ariaLabel = label,
  icon: Glyph,
  variant = 'subtle',
  color = 'gray',
  onClick,
  to,
  disabled,
}: {
  label: string;
  ariaLabel?: string;
  icon: Icon;
  variant?: ActionIconProps['variant'];
  color?: string;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}) {
  const common = { variant, color, size: 'lg', 'aria-label': ariaLabel, disabled } as const;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} {...common}>
          <Glyph size={18} />
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          <Glyph size={18} />
        </ActionIcon>
      )}
    </Tooltip>
  );
}
