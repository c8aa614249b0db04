import { Group, Text } from '@mantine/core';

/** The Trayecto logo: a route over a volcano and the sun, then the name. */
export function BrandMark({ size = 'lg', withName = true }: { size?: 'sm' | 'lg'; withName?: boolean }) {
  const px = size === 'lg' ? 40 : 30;
  return (
    <Group gap={10} wrap="nowrap" aria-label="Trayecto">
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-9)" />
        <path d="M6 22c4-8 8-12 10-12s4 6 10 4" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="26" cy="14" r="2.5" fill="#ffd43b" />
      </svg>
      {withName ? (
        <Text component="span" fw={800} fz={size === 'lg' ? 26 : 20} lts={-0.5} c="brand.9">
          Trayecto
        </Text>
      ) : null}
    </Group>
  );
}
