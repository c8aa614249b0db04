/** Demo photos drawn at seed time: no binary files in the repository, real WebPs in the database. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { productImages, products, storedFiles } from '../db/schema';
import { DEMO_SCENES, insertDemoImages, planDemoImages, renderDemoScenes } from './images';
import { seedDemo } from './index';

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
          const meta = await sharp(await storedBytes(db.db, r.path)).metadata();
          expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 800 });
          expect((await sharp(await storedBytes(db.db, r.thumb_path)).metadata()).width).toBe(400);
        }
      }
      // Nothing on disk: the photos live in stored_files only (every API process serves them).
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
      const [files] = await db.db.select({ n: count() }).from(storedFiles);
      expect(Number(files.n)).toBe(res.rows.length * 2);
      // A second start finds data and draws nothing.
      expect(await seedDemo(db.db, { dataDir })).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('all or nothing: if one photo cannot be stored, no image row and no file is left', {
    timeout: 60_000,
  }, async () => {
    const db = await createTestDatabase();
    try {
      const rendered = await renderDemoScenes();
      const [op] = await db.db
        .execute<{ id: string }>(sql`insert into tour_operators (name) values ('Fotos') returning id`)
        .then((r) => r.rows);
      const [product] = await db.db
        .insert(products)
        .values({ tourOperatorId: op.id, code: 'MAS-01', name: 'Masca', capacity: 10 })
        .returning();
      const planned = planDemoImages([{ id: product.id, tourOperatorId: op.id, code: 'MAS-01' }], rendered);
      expect(planned).toHaveLength(DEMO_SCENES['MAS-01'].length);
      // The second photo reuses the first one's name: its file insert fails half-way through.
      planned[1].files = { ...planned[1].files, path: planned[0].files.path };
      await expect(db.db.transaction((tx) => insertDemoImages(tx, planned))).rejects.toThrow();
      const [images] = await db.db
        .select({ n: count() })
        .from(productImages)
        .where(eq(productImages.productId, product.id));
      const [files] = await db.db.select({ n: count() }).from(storedFiles);
      expect([Number(images.n), Number(files.n)]).toEqual([0, 0]);
    } finally {
      await db.close();
    }
  });
});

async function storedBytes(db: Awaited<ReturnType<typeof createTestDatabase>>['db'], filePath: string) {
  const [row] = await db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.path, filePath));
  expect(Buffer.isBuffer(row?.data), filePath).toBe(true);
  return row.data;
}
