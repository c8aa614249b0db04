import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { validation } from '../../lib/app-error';

/** Widest large version and thumbnail, in pixels (never enlarged). */
const LARGE_WIDTH = 1600;
const THUMB_WIDTH = 400;
/** Refuse decompression bombs: a 10 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

const NOT_AN_IMAGE = 'El archivo debe ser una imagen JPEG, PNG o WebP';

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

/** The MIME type of every version we store (both are WebP). */
export const IMAGE_CONTENT_TYPE = 'image/webp';

/**
 * The names of a new photo's two versions, `products/<productId>/<uuid>-lg.webp` and `-sm.webp`:
 * the keys in `stored_files` and the URLs under /uploads/. Random, so never reused.
 */
export function newImagePaths(productId: string) {
  if (!/^[0-9a-f-]{36}$/.test(productId)) throw new Error('productId no válido');
  const name = randomUUID();
  return { path: `products/${productId}/${name}-lg.webp`, thumbPath: `products/${productId}/${name}-sm.webp` };
}
