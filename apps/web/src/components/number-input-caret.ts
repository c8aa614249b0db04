/**
 * Keys that move react-number-format's caret without an edit (it places the caret itself around
 * separators, a prefix or a suffix). Other keys that do not edit (Home, the arrows up and down,
 * Ctrl+A…) leave the caret to the browser or to Mantine.
 */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Backspace', 'Delete']);

/** What the library calls `createTextRange()` for: a caret position, then `select()`. */
type TCaretRange = { move: (unit: string, position: number) => void; select: () => void };

/**
 * Mantine's NumberInput formats as you type through react-number-format, which puts the caret
 * where the number needs it with `setCaretPosition(el, position)`: `el.focus()`, then
 * `setSelectionRange`. It does so once at once and once again from a `setTimeout(…, 0)` (for
 * Android's Chrome). Each key's timer overwrites the previous one's id, and leaving the field clears
 * only the last (react-number-format 5.4.5: `setPatchedCaretPosition` and `_onBlur` in
 * NumberFormatBase). On a busy machine the browser handles keys before timers, so the older timers
 * fire late, after more keys:
 * - inside the field they put the caret back where an earlier key left it: "1,00" typed in an
 *   amount with two fixed decimals became "100,00 €";
 * - after Tab they call `focus()` on the field, taking the focus back from the next one mid-word:
 *   «Rectificar»'s reason cut to "Devo" and the rest typed into the amount (1,02 €).
 *
 * When the field has `createTextRange()` (old Internet Explorer's API) the library places the
 * caret through it instead, with no `focus()`. This gives the field one that places the caret only
 * - while the field has the focus: never once the person has moved on, never taking it back; and
 * - in answer to what the person did in it (an edit, a caret key, the focus arriving, a click), or
 *   at the same place again: an older place arriving late, after later keys, is dropped.
 * While the person types on an idle machine nothing changes. A callback ref: the theme gives it to
 * every NumberInput (config/theme.ts); one given a `ref` of its own must merge this one in.
 */
export function keepNumberInputCaret(input: HTMLInputElement | null) {
  if (!input) return;
  /** The person did something in the field that the library has not placed the caret for yet. */
  let awaited = true;
  let placedAt: number | null = null;
  const acted = () => {
    awaited = true;
  };
  const keyed = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1 || CARET_KEYS.has(event.key)) awaited = true;
  };
  const place = (position: number) => {
    if (input.ownerDocument.activeElement !== input) return;
    if (!awaited && position !== placedAt) return;
    awaited = false;
    placedAt = position;
    input.setSelectionRange(position, position);
  };
  const createTextRange = (): TCaretRange => {
    let position = 0;
    return {
      move: (_unit, to) => {
        position = to;
      },
      select: () => place(position),
    };
  };
  // Capture on the field itself: these run before React's handlers (on the root) move the caret.
  const events = ['focus', 'input', 'mouseup'] as const;
  for (const type of events) input.addEventListener(type, acted, true);
  input.addEventListener('keydown', keyed, true);
  Object.defineProperty(input, 'createTextRange', { value: createTextRange, configurable: true });
  return () => {
    for (const type of events) input.removeEventListener(type, acted, true);
    input.removeEventListener('keydown', keyed, true);
    Reflect.deleteProperty(input, 'createTextRange');
  };
}
