import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, storedFiles } from '../../db/schema';

export type StoredFileMeta = { path: string; contentType: string; bytes: number; createdAt: Date };

/** A stored file without its bytes (enough to answer 304 Not Modified). */
export async function findStoredFileMeta(db: DbOrTx, path: string): Promise<StoredFileMeta | undefined> {
  const [row] = await db
    .select({
      path: storedFiles.path,
      contentType: storedFiles.contentType,
      bytes: storedFiles.bytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(eq(storedFiles.path, path));
  return row;
}

/** A stored file with its bytes. */
export async function findStoredFile(db: DbOrTx, path: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.path, path));
  return row;
}

/**
 * The operator of the product image that references this path (large or thumbnail), if any.
 * Looked up by product id first, so it uses product_images_product_idx.
 */
export async function findImageOwner(db: DbOrTx, productId: string, path: string): Promise<string | undefined> {
  const [row] = await db
    .select({ tourOperatorId: productImages.tourOperatorId })
    .from(productImages)
    .where(
      and(eq(productImages.productId, productId), or(eq(productImages.path, path), eq(productImages.thumbPath, path))),
    )
    .limit(1);
  return row?.tourOperatorId;
}

/** Paths referenced by product images (large and thumbnail) that `stored_files` lacks. */
export async function listMissingImageFiles(db: DbOrTx): Promise<{ path: string; tourOperatorId: string }[]> {
  const res = await db.execute<{ path: string; tour_operator_id: string }>(sql`
    select f.path, i.tour_operator_id
    from product_images i
    cross join lateral (values (i.path), (i.thumb_path)) as f(path)
    where not exists (select 1 from stored_files s where s.path = f.path)
    order by f.path`);
  return res.rows.map((r) => ({ path: r.path, tourOperatorId: r.tour_operator_id }));
}

/** Stores a file unless one with that path exists already (idempotent: several processes may race). */
export async function insertStoredFileIfMissing(db: DbOrTx, file: typeof storedFiles.$inferInsert) {
  await db.insert(storedFiles).values(file).onConflictDoNothing({ target: storedFiles.path });
}
