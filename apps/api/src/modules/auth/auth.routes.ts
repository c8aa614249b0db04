import {
  ZLoginRequest,
  ZLoginResponse,
  ZMePasswordRequest,
  ZMePasswordResponse,
  ZMeResponse,
  ZMeUpdateRequest,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas';
import * as service from './auth.service';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Autenticación'];

  r.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Iniciar sesión: token y user { id, name }',
        security: [],
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errorResponses },
      },
    },
    async (req) => service.login(app.db, app.tokens, app.loginThrottle, req.body, req.ip),
  );

  r.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'El usuario de la sesión', response: { 200: ZMeResponse, ...errorResponses } },
    },
    async (req) => service.me(app.db, req.actor),
  );

  // "Mi cuenta": every level, on the caller only (no id in the path, nothing of another user).
  r.put(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Cambiar mis datos (nombre, teléfono, dirección)',
        body: ZMeUpdateRequest,
        response: { 200: ZMeResponse, ...errorResponses },
      },
    },
    async (req) => service.updateMe(app.db, req.actor, req.body),
  );

  r.post(
    '/auth/me/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Cambiar mi contraseña (con la actual): revoca las demás sesiones y devuelve un token nuevo',
        body: ZMePasswordRequest,
        response: { 200: ZMePasswordResponse, ...errorResponses },
      },
    },
    async (req) => service.changeMyPassword(app.db, app.tokens, app.loginThrottle, req.actor, req.body, req.ip),
  );

  r.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'Cerrar sesión (revoca los tokens)', response: { 204: z.null(), ...errorResponses } },
    },
    async (req, reply) => {
      await service.logout(app.db, req.actor);
      return reply.code(204).send(null);
    },
  );
}
