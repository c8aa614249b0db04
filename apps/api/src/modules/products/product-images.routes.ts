import multipart from '@fastify/multipart';
import {
  ACCESS,
  IMAGE_MAX_BYTES,
  ZErrorResponse,
  ZProductImage,
  ZProductImageOrderRequest,
  ZProductImageUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, validation } from '../../lib/app-error';
import { assertId } from '../../lib/ids';
import { errorResponses, multipartBody, ZIdParams } from '../../lib/route-schemas';
import * as service from './product-images.service';

const ZImageParams = z.object({ id: z.string().max(100), imageId: z.string().max(100) });
const MAX_MB = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));
const TOO_BIG = `La imagen supera el tamaño máximo de ${MAX_MB} MB`;
const ONE_FILE = 'Envía una sola imagen por petición, en el campo "file"';
const NOT_MULTIPART = 'Envía la imagen como multipart/form-data en el campo "file"';
const UNREADABLE =
  'El cuerpo multipart/form-data no se puede leer (sin separador o cortado); envía la imagen en el campo "file"';
const uploadErrors = { ...errorResponses, 413: ZErrorResponse, 415: ZErrorResponse } as const;
/**
 * The upload's parts, for the OpenAPI document: the handler reads them and checks `alt` with this
 * schema's rule. A form part cannot be null: a client that has `alt: null` sends no part, which
 * the handler reads as no text, so the document says null is accepted (issue 31).
 */
const ZImageUpload = z.object({
  file: z.string().meta({ format: 'binary', description: `La imagen: JPEG, PNG o WebP de hasta ${MAX_MB} MB` }),
  alt: ZProductImageUpdateRequest.shape.alt
    .nullable()
    .meta({ description: 'Texto alternativo (hasta 200 caracteres); sin él o `null`: vacío' }),
});

/**
 * Product photos: upload (multipart, field `file` + optional `alt`), edit, reorder, delete. Files
 * live in the `stored_files` table and are served by the uploads module.
 */
export async function productImagesRoutes(app: FastifyInstance) {
  // Multipart only in this plugin's scope: every other route keeps accepting JSON only.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 2000, parts: 8 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Productos'];
  const guard = app.requireRoles(ACCESS.productsWrite);

  r.post(
    '/products/:id/images',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: `Subir una imagen (multipart: file, alt). JPEG, PNG o WebP de hasta ${MAX_MB} MB`,
        consumes: ['multipart/form-data'],
        ...multipartBody(ZImageUpload),
        params: ZIdParams,
        response: { 201: ZProductImage, ...uploadErrors },
      },
    },
    async (req, reply) => {
      const productId = assertId(req.params.id, 'El producto');
      if (!req.isMultipart()) throw new AppError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: NOT_MULTIPART });
      // Before reading the upload: the product is the caller's and has room for it.
      await service.assertCanAddImage(app.db, req.actor, productId);
      let data: Buffer | undefined;
      let alt: unknown = '';
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !data) data = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'alt') {
            alt = part.value;
          }
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('PAYLOAD_TOO_LARGE', 'file', TOO_BIG);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw fieldError('PAYLOAD_TOO_LARGE', 'file', ONE_FILE);
        }
        // Whatever else the multipart parser (busboy) refuses is the body's fault: a Content-Type
        // without its boundary, a body that is not multipart at all (`null`) or ends before its
        // closing boundary. It threw plain errors that answered 500 (issue 31, item 6).
        throw new AppError({ code: 'BAD_REQUEST', message: UNREADABLE });
      }
      if (!data || data.length === 0) throw validation({ file: ['Campo requerido'] });
      const parsedAlt = ZProductImageUpdateRequest.shape.alt.safeParse(alt);
      if (!parsedAlt.success) throw validation({ alt: parsedAlt.error.issues.map((i) => i.message) });
      const image = await service.addImage(app.db, req.actor, productId, { data, alt: parsedAlt.data ?? '' });
      return reply.code(201).send(image);
    },
  );

  r.put(
    '/products/:id/images/order',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Ordenar las imágenes (ids: todas las del producto, en el orden nuevo)',
        params: ZIdParams,
        body: ZProductImageOrderRequest,
        response: { 200: z.array(ZProductImage), ...errorResponses },
      },
    },
    async (req) => service.reorderImages(app.db, req.actor, assertId(req.params.id, 'El producto'), req.body.ids),
  );

  r.put(
    '/products/:id/images/:imageId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Editar una imagen (texto alternativo, posición)',
        params: ZImageParams,
        body: ZProductImageUpdateRequest,
        response: { 200: ZProductImage, ...errorResponses },
      },
    },
    async (req) =>
      service.updateImage(
        app.db,
        req.actor,
        assertId(req.params.id, 'El producto'),
        assertId(req.params.imageId, 'La imagen'),
        req.body,
      ),
  );

  r.delete(
    '/products/:id/images/:imageId',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Eliminar una imagen (y sus archivos)',
        params: ZImageParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await service.deleteImage(
        app.db,
        req.actor,
        assertId(req.params.id, 'El producto'),
        assertId(req.params.imageId, 'La imagen'),
      );
      return reply.code(204).send(null);
    },
  );
}
