/**
 * axe-core's WCAG 2.2 A/AA rules on a page or part of it, for journeys that open a dialog the role scans
 * of a11y.spec.ts cannot reach without the journey's own data (an online payment to refund, a
 * passenger who owes money at check-in). Serious and critical findings fail, as in a11y.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe with the WCAG tags, collecting only the violations in full (axe still runs every rule: the
 * thousands of passing nodes of a list screen were gathered and sent back for nothing).
 *
 * `axe.run` in the page itself (the builder's "legacy mode"): its default runs each frame apart and
 * merges the parts in a new blank tab, which opened a tab and evaluated axe's 500 kB twice per scan,
 * 40 % of a role's scan time on 2 cores. The only thing it adds is cross-origin frames, and the app
 * has none (its one frame, a message's sandboxed e-mail preview, is excluded where it appears).
 */
export const axeBuilder = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();

export async function expectAccessible(page: Page, include: string, what: string) {
  const result = await axeBuilder(page).include(include).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}
