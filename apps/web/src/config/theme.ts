import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Atlantic teal: the brand colour of Trayecto. */
const brand: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#22b8cf',
  '#15aabf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
];

const fontFamily =
  'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  components: {
    // A state label is never cut ("CONFIRMA…" in a narrow cell): a badge keeps its text's width and
    // the cell or row around it wraps instead (issue 12).
    Badge: { styles: { root: { minWidth: 'max-content', flexShrink: 0 } } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    Modal: { defaultProps: { overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    Drawer: { defaultProps: { overlayProps: { backgroundOpacity: 0.45, blur: 2 } } },
    // Spec §9: 24-hour time everywhere. Plain objects, not `TimePicker.extend(…)` (an identity
    // function): importing the pickers here put @mantine/dates' calendars in the first download.
    TimePicker: { defaultProps: { format: '24h' } },
    TimeInput: { defaultProps: {} },
    DateTimePicker: { defaultProps: { valueFormat: 'DD/MM/YYYY HH:mm' } },
  },
});
