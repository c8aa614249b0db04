import { useMediaQuery } from '@mantine/hooks';

/** The phone layout's breakpoint (Mantine `sm`, 48em): cards instead of tables, full-screen forms. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 48em)') ?? false;
}
