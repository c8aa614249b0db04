/**
 * axe-core's WCAG 2.2 A/AA rules on a page or part of it: the role scans of a11y.spec.ts, and
 * journeys that open a dialog those scans cannot reach without the journey's own data (an online
 * payment to refund, a passenger who owes money at check-in). Serious and critical findings fail.
 */
import { expect, type Page } from '@playwright/test';
import axe, { type ElementContext, type Result, type RunOptions } from 'axe-core';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Every rule with those tags, collecting only the violations in full (the thousands of passing
 * nodes of a list screen were gathered and sent back for nothing).
 */
const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };

/**
 * The violations axe finds on the page now, within `include` (a selector; the whole document when
 * absent) and outside `exclude`.
 *
 * `axe.run` in the page itself, with axe's source (1.5 MB) evaluated once per document: the
 * @axe-core/playwright builder evaluated it twice on every scan (once itself, once more when it
 * injects into each frame), so four times for a screen scanned at both widths. The builder's other
 * work (each frame apart, the parts merged in a blank tab) is only for cross-origin frames, and the
 * app has none (its one frame, a message's sandboxed e-mail preview, is excluded where it appears).
 */
export async function axeViolations(page: Page, scope: { include?: string; exclude?: string } = {}): Promise<Result[]> {
  type TAxeWindow = { axe?: typeof axe };
  if (!(await page.evaluate(() => typeof (window as TAxeWindow).axe?.run === 'function'))) {
    await page.evaluate(axe.source);
  }
  return page.evaluate(
    async ({ include, exclude, options }) => {
      const context: ElementContext = exclude
        ? { include: include ? [[include]] : document, exclude: [[exclude]] }
        : include
          ? { include: [[include]] }
          : document;
      const inPage = (window as TAxeWindow).axe;
      if (!inPage) throw new Error('axe-core is not in the page');
      return (await inPage.run(context, options)).violations;
    },
    { ...scope, options: OPTIONS },
  );
}

export async function expectAccessible(page: Page, include: string, what: string) {
  const serious = (await axeViolations(page, { include }))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}
