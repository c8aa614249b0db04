import {
  ZLoginRequest,
  ZLoginResponse,
  ZMePasswordRequest,
  ZMePasswordResponse,
  ZMeResponse,
  ZMeUpdateRequest,
  ZPasswordResetConfirmRequest,
  ZPasswordResetRequest,
  ZPasswordResetResponse,
} from '@trayecto/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../lib/public-origin';
import { errorResponses } from '../../lib/route-schemas';
import { confirmPasswordReset, requestPasswordReset } from './auth.password-reset';
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

  // "¿Has olvidado tu contraseña?" (issue 14): no session; 202 whatever the address.
  r.post(
    '/auth/password-reset',
    {
      schema: {
        tags,
        summary:
          'Pedir un enlace para restablecer la contraseña (202 siempre: no revela si la cuenta existe; limitado como el inicio de sesión)',
        security: [],
        body: ZPasswordResetRequest,
        response: { 202: ZPasswordResetResponse, ...errorResponses },
      },
    },
    async (req, reply) => {
      const config = app.config;
      // The link must be absolute: PUBLIC_URL, else this server's own address (never a made-up Host).
      const origin = publicOrigin(req, config) ?? `http://localhost:${config.PORT}`;
      const answer = await requestPasswordReset(
        app.db,
        { throttle: app.loginThrottle, origin, ip: req.ip, queued: () => app.mailWorker?.kick() },
        req.body,
      );
      return reply.code(202).send(answer);
    },
  );

  r.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags,
        summary:
          'Elegir una contraseña nueva con el token del enlace (un solo uso, caduca en 1 h; cierra todas las sesiones del usuario)',
        security: [],
        body: ZPasswordResetConfirmRequest,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      await confirmPasswordReset(app.db, req.body, { requestId: req.id, ip: req.ip });
      return reply.code(204).send(null);
    },
  );
}
