import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productImages, storedFiles } from '../../db/schema';
import type { ImageRow } from './products.mapper';

/** The product's images in display order. */
export async function listProductImages(db: DbOrTx, productId: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.createdAt), asc(productImages.id));
}

export async function insertImage(db: DbOrTx, values: typeof productImages.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(productImages).values(values).returning();
  return row;
}

export async function updateImageRow(
  db: DbOrTx,
  productId: string,
  id: string,
  values: Partial<Pick<ImageRow, 'alt' | 'position'>>,
) {
  await db
    .update(productImages)
    .set(values)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, id)));
}

export async function deleteImageRow(db: DbOrTx, productId: string, id: string) {
  await db.delete(productImages).where(and(eq(productImages.productId, productId), eq(productImages.id, id)));
}

/**
 * Stores file versions in `stored_files` (the shared store every API process serves from). Call
 * it in the transaction that records the image, so both commit or neither does.
 */
export async function insertImageFiles(db: DbOrTx, files: (typeof storedFiles.$inferInsert)[]) {
  if (files.length > 0) await db.insert(storedFiles).values(files);
}

/** Deletes file versions; call it in the transaction that deletes the image row. */
export async function deleteImageFiles(db: DbOrTx, paths: string[]) {
  if (paths.length > 0) await db.delete(storedFiles).where(inArray(storedFiles.path, paths));
}
