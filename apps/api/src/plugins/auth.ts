import { hasPermission, LEVEL, TOUR_OPERATOR_STATE, USER_STATE } from '@trayecto/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { Actor } from '../lib/tenant';
import { findAuthState } from '../modules/users/users.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: a valid, unrevoked token of an active user of an active operator. */
    authenticate: onRequestAsyncHookHandler;
    /**
     * onRequest hook: authenticate, then the spec's permission check against these levels. Runs
     * before the body is read, so an unauthorised caller gets 401/403, never a validation answer.
     */
    requireRoles: (levels: readonly number[]) => onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    actor: Actor;
  }
}

const unauthorized = (m = 'No autenticado') => new AppError({ code: 'UNAUTHORIZED', message: m });

async function readActor(app: FastifyInstance, req: FastifyRequest): Promise<Actor> {
  const header = req.headers.authorization;
  if (!header) throw unauthorized('Falta el token de acceso');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Cabecera Authorization mal formada');
  const payload = await app.tokens.verify(m[1]);
  const state = await findAuthState(app.db, payload.sub);
  // Revocation (PRODUCT.md §2): deleted, disabled, demoted, logged out or inactive operator.
  if (
    !state ||
    state.deletedAt ||
    state.state !== USER_STATE.ACTIVE ||
    state.tokenVersion !== payload.ver ||
    state.level !== payload.level ||
    (state.level !== LEVEL.ADMIN && state.operatorState !== TOUR_OPERATOR_STATE.ACTIVE)
  ) {
    throw unauthorized('La sesión ya no es válida');
  }
  return {
    id: state.id,
    level: state.level,
    tourOperatorId: state.tourOperatorId,
    fullName: state.fullName,
    email: state.email,
    requestId: req.id,
    ip: req.ip,
  };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('actor', null as unknown as Actor);
  const authenticate: onRequestAsyncHookHandler = async (req) => {
    req.actor = await readActor(app, req);
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireRoles', (levels: readonly number[]) => {
    const guard: onRequestAsyncHookHandler = async (req) => {
      req.actor = await readActor(app, req);
      if (!hasPermission([req.actor.level], levels)) {
        throw new AppError({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' });
      }
    };
    return guard;
  });
});
