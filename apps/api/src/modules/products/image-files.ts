import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { validation } from '../../lib/app-error';

/** Widest large version and thumbnail, in pixels (never enlarged). */
export const LARGE_WIDTH = 1600;
export const THUMB_WIDTH = 400;
/** Refuse decompression bombs: a 10 MB PNG can claim billions of pixels. */
export const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const NOT_AN_IMAGE = 'El archivo debe ser una imagen JPEG, PNG o WebP';

export type ProcessedImage = { large: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Checks the real type from the bytes (never the file name or the declared type), then makes a
 * large version and a thumbnail in WebP: turned upright from the EXIF orientation, with every
 * piece of metadata (EXIF, GPS, ICC comments) left out.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw validation({ file: [NOT_AN_IMAGE] }, NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw validation({ file: [NOT_AN_IMAGE] }, NOT_AN_IMAGE);
  if (pixels > MAX_INPUT_PIXELS) {
    const message = 'La imagen tiene demasiados píxeles (máximo 50 megapíxeles)';
    throw validation({ file: [message] }, message);
  }
  try {
    const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const large = await upright
      .clone()
      .resize({ width: LARGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await upright
      .clone()
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { large: large.data, thumb, width: large.info.width, height: large.info.height };
  } catch {
    const message = 'La imagen está dañada o no se puede leer';
    throw validation({ file: [message] }, message);
  }
}

/** DATA_DIR/uploads: the only place uploaded files are written to or served from. */
export const uploadsRoot = (dataDir: string) => path.resolve(dataDir, 'uploads');

/** The absolute path of a relative upload path, refusing anything outside DATA_DIR/uploads. */
export function resolveUpload(dataDir: string, relative: string): string {
  const root = uploadsRoot(dataDir);
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(`${root}${path.sep}`)) throw new Error(`Ruta fuera de la carpeta de subidas: ${relative}`);
  return absolute;
}

/**
 * Writes both versions as `products/<productId>/<uuid>-lg.webp` and `-sm.webp` under
 * DATA_DIR/uploads, and answers their relative paths (what the database stores).
 */
export async function writeImageFiles(dataDir: string, productId: string, image: ProcessedImage) {
  if (!/^[0-9a-f-]{36}$/.test(productId)) throw new Error('productId no válido');
  const dir = `products/${productId}`;
  const name = randomUUID();
  const files = { path: `${dir}/${name}-lg.webp`, thumbPath: `${dir}/${name}-sm.webp` };
  await mkdir(resolveUpload(dataDir, dir), { recursive: true });
  try {
    await writeFile(resolveUpload(dataDir, files.path), image.large, { flag: 'wx' });
    await writeFile(resolveUpload(dataDir, files.thumbPath), image.thumb, { flag: 'wx' });
  } catch (err) {
    await removeUploads(dataDir, [files.path, files.thumbPath]);
    throw err;
  }
  return files;
}

/** Removes uploaded files (missing ones are fine: the goal is that they are gone). */
export async function removeUploads(dataDir: string, relativePaths: string[]) {
  await Promise.all(relativePaths.map((p) => rm(resolveUpload(dataDir, p), { force: true })));
}
