import { hasPermission, LEVEL, TOUR_OPERATOR_STATE, USER_STATE } from '@trayecto/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Actor } from '../lib/tenant';

/** What a token's user is now (the users module answers it; app.ts wires it in). */
export type AuthState = {
  id: string;
  level: number;
  state: number;
  tokenVersion: number;
  tourOperatorId: string | null;
  fullName: string;
  email: string;
  deletedAt: Date | null;
  operatorState: number | null;
};

export type AuthPluginOptions = {
  /** The user a token names, as they are now; undefined when there is none. */
  findAuthState: (db: Db, userId: string) => Promise<AuthState | undefined>;
};

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

async function readActor(app: FastifyInstance, req: FastifyRequest, opts: AuthPluginOptions): Promise<Actor> {
  const header = req.headers.authorization;
  if (!header) throw unauthorized('Falta el token de acceso');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Cabecera Authorization mal formada');
  const payload = await app.tokens.verify(m[1]);
  const state = await opts.findAuthState(app.db, payload.sub);
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

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  app.decorateRequest('actor', null as unknown as Actor);
  const authenticate: onRequestAsyncHookHandler = async (req) => {
    req.actor = await readActor(app, req, opts);
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireRoles', (levels: readonly number[]) => {
    const guard: onRequestAsyncHookHandler = async (req) => {
      req.actor = await readActor(app, req, opts);
      if (!hasPermission([req.actor.level], levels)) {
        throw new AppError({ code: 'FORBIDDEN', message: 'No tienes permiso para realizar esta acción' });
      }
    };
    return guard;
  });
});
