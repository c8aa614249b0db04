import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { darkenTo, luminance } from '@trayecto/shared';
import { keepNumberInputCaret } from '../components/number-input-caret';

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

/** The backgrounds text sits on: cards and inputs, the page, table stripes and hovered rows. */
export const SURFACES = ['#ffffff', '#f8f9fa', '#f1f3f5'] as const;

/**
 * A palette whose shades carrying text meet WCAG 1.4.3 (issue 22). With primary shade 8, Mantine
 * draws filled buttons and badges as white on shade 8, outlines and `c="red"` text in shade 8, and
 * light badges and subtle buttons as shade 9 on shade 1 (hover: shade 2). Shade 8 is darkened until
 * white on it, and it on the page's surfaces, reach 4.5:1; shade 9 until it reaches 4.5:1 on shades 1
 * and 2 and stays darker than 8 (the filled hover).
 */
export function accessiblePalette(colors: readonly string[]): MantineColorsTuple {
  const out = [...colors];
  out[8] = darkenTo(colors[8], SURFACES, 4.5);
  let nine = darkenTo(colors[9], [colors[1], colors[2], ...SURFACES], 4.5);
  if (luminance(nine) > luminance(out[8])) nine = darkenTo(out[8], [out[8]], 1.15);
  out[9] = nine;
  return out as unknown as MantineColorsTuple;
}

/**
 * Mantine's grey 6 (#868e96) is the dimmed text (subtitles, the role under the user's name): 3.3:1.
 * #646b73 keeps the look and reaches 4.5:1 on white, the page and grey 1 and 2 rows.
 */
const gray = [...DEFAULT_THEME.colors.gray] as string[];
gray[6] = '#646b73';

const PALETTE_NAMES = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;

export const COLORS: Record<string, MantineColorsTuple> = {
  ...Object.fromEntries(
    PALETTE_NAMES.map((name) => [name, accessiblePalette(name === 'gray' ? gray : DEFAULT_THEME.colors[name])]),
  ),
  brand: accessiblePalette(brand),
};

const fontFamily =
  'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: COLORS,
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  components: {
    // A state label is never cut ("CONFIRMA…" in a narrow cell): a badge keeps its text's width and
    // the cell or row around it wraps instead (issue 12).
    Badge: { styles: { root: { minWidth: 'max-content', flexShrink: 0 } } },
    Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
    // Icon-only close buttons always have a name (4.1.2): the dialogs' "×" and every CloseButton;
    // a field's "×" (clearable selects and date pickers) empties it.
    CloseButton: { defaultProps: { 'aria-label': 'Cerrar' } },
    InputClearButton: { defaultProps: { 'aria-label': 'Borrar' } },
    // A field's error is announced when it appears (4.1.3), not only when the field is reached.
    InputError: { defaultProps: { role: 'alert' } },
    // The eye of a password field is a real button, reachable with Tab and named (2.1.1, 4.1.2);
    // aria-pressed says whether the password is shown.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar lo escrito' },
      },
    },
    Modal: {
      defaultProps: {
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Cerrar' },
      },
    },
    Drawer: {
      defaultProps: {
        overlayProps: { backgroundOpacity: 0.45, blur: 2 },
        closeButtonProps: { 'aria-label': 'Cerrar' },
      },
    },
    // A number field never takes the focus back, nor moves its caret, from a late timer of its
    // formatting library (on a busy machine the keys typed in the next field went into it).
    NumberInput: { defaultProps: { ref: keepNumberInputCaret } },
    // Spec §9: 24-hour time everywhere. Plain objects, not `TimePicker.extend(…)` (an identity
    // function): importing the pickers here put @mantine/dates' calendars in the first download.
    TimePicker: { defaultProps: { format: '24h' } },
    TimeInput: { defaultProps: {} },
    DateTimePicker: { defaultProps: { valueFormat: 'DD/MM/YYYY HH:mm' } },
  },
});

/**
 * Colours Mantine takes from fixed shades, brought to 4.5:1 (issue 22): the error text and border
 * (red 6 by default, 3.3:1) and the placeholder (grey 5, 2.1:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-8)',
  },
  dark: {},
});
