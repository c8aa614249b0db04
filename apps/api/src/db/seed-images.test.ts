/** Demo photos drawn at seed time: no binary files in the repository, real WebPs in DATA_DIR. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { resolveUpload } from '../modules/products/image-files';
import { seedDemo } from './seed';
import { DEMO_SCENES, renderDemoScenes, writeDemoImageFiles } from './seed-images';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'trayecto-seed-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('demo photos', () => {
  it('seedDemo with a DATA_DIR gives every demo product 2–3 photos: WebP large + thumbnail, in order, with Spanish alt text', {
    timeout: 120_000,
  }, async () => {
    const db = await createTestDatabase();
    const dataDir = tempDir();
    try {
      const started = Date.now();
      expect(await seedDemo(db.db, { dataDir })).toBe(true);
      console.info(`[seed] demo data with photos in ${Date.now() - started} ms on ${db.label}`);
      const res = await db.db.execute<{
        code: string;
        path: string;
        thumb_path: string;
        alt: string;
        position: number;
        width: number;
      }>(sql`
        select p.code, i.path, i.thumb_path, i.alt, i.position, i.width
        from product_images i join products p on p.id = i.product_id
        order by p.code, i.position`);
      const byCode = new Map<string, typeof res.rows>();
      for (const r of res.rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
      expect([...byCode.keys()].sort()).toEqual(Object.keys(DEMO_SCENES).sort());
      for (const [code, rows] of byCode) {
        expect(rows.length, code).toBeGreaterThanOrEqual(2);
        expect(rows.length, code).toBeLessThanOrEqual(3);
        expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
        for (const r of rows) {
          expect(r.alt.length).toBeGreaterThan(10);
          expect(r.path).toMatch(/^products\/[0-9a-f-]{36}\/[0-9a-f-]{36}-lg\.webp$/);
          const meta = await sharp(resolveUpload(dataDir, r.path)).metadata();
          expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
          expect((await sharp(resolveUpload(dataDir, r.thumb_path)).metadata()).width).toBe(400);
        }
      }
      // A second start finds data and draws nothing.
      expect(await seedDemo(db.db, { dataDir })).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('a DATA_DIR that cannot take files: nothing is left half-written (seedDemo then goes on without photos)', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'uploads'), 'not a folder');
    const rendered = await renderDemoScenes();
    const product = { id: '11111111-1111-4111-8111-111111111111', tourOperatorId: 'x', code: 'MAS-01' };
    await expect(writeDemoImageFiles(dataDir, [product], rendered)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'uploads', 'products'))).toBe(false);
  });
});
