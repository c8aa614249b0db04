/**
 * Lighthouse's accessibility audit on every public page (issue 22, "done when": a score of 100 on
 * the public pages). Lighthouse (an npm dependency) drives Debian's Chromium, launched by Playwright
 * with a remote-debugging port, with its default mobile emulation, the accessibility category only.
 * A page under 100 fails with the audits it failed. The performance score is a benchmark
 * (issue 23), never a test.
 */
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../playwright.config';
import { auth, productNamed, staffToken } from './public-helpers';

test('Lighthouse accessibility is 100 on every public page (mobile)', async ({ request, baseURL }) => {
  test.setTimeout(300_000);
  const token = await staffToken(request);
  const product = await productNamed(request, token, 'Subida al Teide');
  const res = await request.get('/api/v1/bookings?per_page=20', { headers: auth(token) });
  const bookings = (await res.json()) as { id: string; state: string }[];
  const booking = bookings.find((b) => b.state === 'confirmed') ?? bookings[0];
  const pages = [
    `/public/landing/${product.id}`,
    `/public/booking/product/${product.id}`,
    `/public/booking/${booking.id}`,
    `/public/landing/booking-voucher/${booking.id}`,
    '/public/accesibilidad',
  ];

  // Each lane of scripts/e2e-shards.sh has its own server port; the debugging port follows it.
  const port = 9200 + (Number(new URL(baseURL ?? 'http://x:3100').port) % 700);
  const browser = await chromium.launch({ args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    const failures: string[] = [];
    for (const path of pages) {
      const result = await lighthouse(`${baseURL}${path}`, {
        port,
        onlyCategories: ['accessibility'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      expect(lhr, path).toBeTruthy();
      if (!lhr) continue;
      expect(lhr.runtimeError, `${path}: ${lhr.runtimeError?.message}`).toBeUndefined();
      const score = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
      console.log(`Lighthouse accessibility ${score}: ${path}`);
      if (score < 100) {
        const failed = Object.values(lhr.audits)
          .filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary')
          .map((a) => `    ${a.id}: ${a.title}`);
        failures.push(`${path}: ${score}\n${failed.join('\n')}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  } finally {
    await browser.close();
  }
});
