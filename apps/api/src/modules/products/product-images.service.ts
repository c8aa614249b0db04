import { MAX_IMAGES_PER_PRODUCT, type TProductImage } from '@trayecto/shared';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, validation } from '../../lib/app-error';
import type { Actor } from '../../lib/tenant';
import { IMAGE_CONTENT_TYPE, newImagePaths, processImage } from './image-files';
import * as repo from './product-images.repository';
import { type ImageRow, toImageResponse } from './products.mapper';
import * as productsRepo from './products.repository';

const PRODUCT = 'El producto';
const IMAGE = 'La imagen';
const tooMany = () =>
  fieldError('IMAGE_LIMIT_REACHED', 'file', `Un producto admite como máximo ${MAX_IMAGES_PER_PRODUCT} imágenes`);

/** Writes positions 0…n-1 in this order, touching only the rows whose position changes. */
async function renumber(tx: DbOrTx, productId: string, ordered: ImageRow[]) {
  const out: ImageRow[] = [];
  for (const [position, img] of ordered.entries()) {
    if (img.position !== position) await repo.updateImageRow(tx, productId, img.id, { position });
    out.push({ ...img, position });
  }
  return out;
}

async function lockProduct(tx: DbOrTx, actor: Actor, productId: string) {
  const product = await productsRepo.lockVisibleProduct(tx, actor, productId);
  if (!product) throw notFound(PRODUCT);
  return product;
}

/**
 * Cheap checks before an upload is read: the product is the caller's and has room for one more.
 */
export async function assertCanAddImage(db: Db, actor: Actor, productId: string) {
  const row = await productsRepo.findVisibleProduct(db, actor, productId);
  if (!row) throw notFound(PRODUCT);
  if ((await repo.listProductImages(db, productId)).length >= MAX_IMAGES_PER_PRODUCT) throw tooMany();
}

/**
 * Adds an uploaded photo at the end of the product's images: checks its real type, makes a large
 * WebP and a thumbnail, and stores both in `stored_files` in the same transaction as the image row
 * (the shared store every API process serves): a failed upload leaves neither row nor file.
 */
export async function addImage(
  db: Db,
  actor: Actor,
  productId: string,
  upload: { data: Buffer; alt: string },
): Promise<TProductImage> {
  const processed = await processImage(upload.data);
  const files = newImagePaths(productId);
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, actor, productId);
    const images = await repo.listProductImages(tx, productId);
    if (images.length >= MAX_IMAGES_PER_PRODUCT) throw tooMany();
    const row = await repo.insertImage(tx, {
      tourOperatorId: product.tourOperatorId,
      productId,
      position: images.length === 0 ? 0 : Math.max(...images.map((i) => i.position)) + 1,
      path: files.path,
      thumbPath: files.thumbPath,
      alt: upload.alt,
      width: processed.width,
      height: processed.height,
      bytes: processed.large.length,
    });
    const tourOperatorId = product.tourOperatorId;
    await repo.insertImageFiles(tx, [
      {
        path: files.path,
        tourOperatorId,
        contentType: IMAGE_CONTENT_TYPE,
        bytes: processed.large.length,
        data: processed.large,
      },
      {
        path: files.thumbPath,
        tourOperatorId,
        contentType: IMAGE_CONTENT_TYPE,
        bytes: processed.thumb.length,
        data: processed.thumb,
      },
    ]);
    return toImageResponse(row);
  });
}

/** Changes an image's alternative text and/or moves it to another position (others shift). */
export async function updateImage(
  db: Db,
  actor: Actor,
  productId: string,
  imageId: string,
  body: { alt?: string; position?: number },
): Promise<TProductImage> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, actor, productId);
    const images = await repo.listProductImages(tx, productId);
    const image = images.find((i) => i.id === imageId);
    if (!image) throw notFound(IMAGE);
    if (body.alt !== undefined) await repo.updateImageRow(tx, productId, imageId, { alt: body.alt });
    let ordered = images;
    if (body.position !== undefined) {
      const rest = images.filter((i) => i.id !== imageId);
      rest.splice(Math.min(body.position, rest.length), 0, image);
      ordered = rest;
    }
    const renumbered = await renumber(tx, productId, ordered);
    const updated = renumbered.find((i) => i.id === imageId) as ImageRow;
    return toImageResponse({ ...updated, alt: body.alt ?? updated.alt });
  });
}

/** Puts the product's images in this order; the list must hold each of its images exactly once. */
export async function reorderImages(db: Db, actor: Actor, productId: string, ids: string[]): Promise<TProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, actor, productId);
    const images = await repo.listProductImages(tx, productId);
    const byId = new Map(images.map((i) => [i.id, i]));
    const wanted = ids.map((id) => id.toLowerCase());
    if (
      wanted.length !== images.length ||
      new Set(wanted).size !== wanted.length ||
      wanted.some((id) => !byId.has(id))
    ) {
      throw validation({ ids: ['La lista debe contener cada imagen del producto exactamente una vez'] });
    }
    const renumbered = await renumber(
      tx,
      productId,
      wanted.map((id) => byId.get(id) as ImageRow),
    );
    return renumbered.map(toImageResponse);
  });
}

/** Deletes an image and its files in one transaction; the following images move up. */
export async function deleteImage(db: Db, actor: Actor, productId: string, imageId: string) {
  await db.transaction(async (tx) => {
    await lockProduct(tx, actor, productId);
    const images = await repo.listProductImages(tx, productId);
    const image = images.find((i) => i.id === imageId);
    if (!image) throw notFound(IMAGE);
    await repo.deleteImageRow(tx, productId, imageId);
    await repo.deleteImageFiles(tx, [image.path, image.thumbPath]);
    await renumber(
      tx,
      productId,
      images.filter((i) => i.id !== imageId),
    );
  });
}
