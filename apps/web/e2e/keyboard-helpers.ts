/**
 * What the keyboard journeys check at every Tab stop (issue 22; WCAG 2.4.7, 2.4.11): shared by
 * keyboard.spec.ts and keyboard-finance.spec.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** What the focused element looks like: whether it is visible, drawn with a ring, and uncovered. */
export async function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: true, what: 'body' };
    const r = el.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}»`;
    const drawn = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none'
      );
    };
    // Checkboxes, radios, switches and chips hide their <input> and ring the box, track or label drawn after it;
    // fields with sections ring their wrapper (:focus-within).
    const ring =
      drawn(el) ||
      (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) && drawn(el.nextElementSibling)) ||
      !!el.closest('.mantine-Input-input:focus-within');
    let covered = false;
    for (const bar of document.querySelectorAll<HTMLElement>('[data-action-bar]')) {
      if (bar.contains(el)) continue;
      const b = bar.getBoundingClientRect();
      if (r.bottom > b.top + 1 && r.top < b.bottom - 1 && r.right > b.left && r.left < b.right) covered = true;
    }
    return { ok: ring && !covered, what, ring, covered };
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking every stop on the way. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  const problems: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) {
      expect(problems, `focus not visible or hidden at: ${problems.join(', ')}`).toEqual([]);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await focusState(page);
    if (!state.ok)
      problems.push(`${state.what}${state.covered ? ' (bajo la barra)' : ''}${state.ring ? '' : ' (sin anillo)'}`);
  }
  throw new Error(`Not reached with the keyboard in ${max} Tab presses: ${target}`);
}
