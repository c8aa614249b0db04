/**
 * axe-core's WCAG 2.2 A/AA rules on a page or part of it, for journeys that open a dialog the role scans
 * of a11y.spec.ts cannot reach without the journey's own data (an online payment to refund, a
 * passenger who owes money at check-in). Serious and critical findings fail, as in a11y.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

export async function expectAccessible(page: Page, include: string, what: string) {
  const result = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .include(include)
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}
