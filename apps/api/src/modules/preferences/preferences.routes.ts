import { LEVELS, ZPreferences, ZPreferencesRequest } from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schemas';
import * as service from './preferences.service';

/**
 * The caller's own screen settings (issue 12: the columns chosen per list, kept per user). Every
 * level, and only the caller's own row: there is no user id to pass.
 */
export async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Autenticación'];

  r.get(
    '/auth/me/preferences',
    {
      onRequest: app.requireRoles(LEVELS),
      schema: {
        tags,
        summary: 'Preferencias de pantalla del usuario de la sesión (columnas por lista)',
        response: { 200: ZPreferences, ...errorResponses },
      },
    },
    async (req) => service.getPreferences(app.db, req.actor),
  );

  r.put(
    '/auth/me/preferences',
    {
      onRequest: app.requireRoles(LEVELS),
      schema: {
        tags,
        summary: 'Guardar las preferencias de pantalla del usuario de la sesión (sustituye a las guardadas)',
        body: ZPreferencesRequest,
        response: { 200: ZPreferences, ...errorResponses },
      },
    },
    async (req) => service.savePreferences(app.db, req.actor, req.body),
  );
}
