import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import { IDEMPOTENT_REPLAYED_HEADER } from '@trayecto/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import { loggerOptions, RequestLogController } from './lib/logger';
import { messageOrigin, publicOrigin, withPublicLinks } from './lib/public-origin';
import { DEFAULT_PUBLIC_RATE_LIMIT, type PublicRateLimitOptions } from './lib/rate-limit';
import { accommodationsRoutes } from './modules/accommodations/accommodations.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './modules/auth/auth.throttle';
import { createTokenService, type TokenService } from './modules/auth/auth.tokens';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createReminderScheduler, type ReminderScheduler } from './modules/messages/messages.reminders';
import { renderMessage } from './modules/messages/messages.render';
import { messagesRoutes } from './modules/messages/messages.routes';
import type { RetryPolicy } from './modules/messages/messages.rules';
import { createSmtpTransport } from './modules/messages/messages.transport';
import { createMailWorker, type MailWorker } from './modules/messages/messages.worker';
import { personsRoutes } from './modules/persons/persons.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { productImagesRoutes } from './modules/products/product-images.routes';
import { productsRoutes } from './modules/products/products.routes';
import { publicRoutes } from './modules/public/public.routes';
import { scheduleSheetsRoutes } from './modules/schedule-sheets/schedule-sheets.routes';
import { tourOperatorsRoutes } from './modules/tour-operators/tour-operators.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { authPlugin } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    tokens: TokenService;
    loginThrottle: ThrottleOptions;
    publicRateLimit: PublicRateLimitOptions;
    /** This process's mail worker (issue 14); undefined without SMTP_URL: messages wait queued. */
    mailWorker: MailWorker | undefined;
    /** This process's look for due day-before reminders (issue 14), once a minute, with or without SMTP. */
    reminders: ReminderScheduler;
  }
}

export type AppOptions = {
  config: Config;
  /** An open, migrated database; closed when the app closes. */
  database: Database;
  jwtSecret: string;
  /** Logger options (tests pass `false`), or an existing pino logger to share with start-up. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  loginThrottle?: Partial<ThrottleOptions>;
  /** Per-address limits of the public API (tests set low ones). */
  publicRateLimit?: Partial<PublicRateLimitOptions>;
  /** The mail worker's pace (tests set short ones); it runs only when SMTP_URL is set. */
  mail?: { pollMs?: number; leaseMs?: number; retry?: Partial<RetryPolicy> };
  /** Whether this process looks for due reminders by itself (tests call `app.reminders.runOnce`). */
  reminders?: boolean;
};

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole application: plugins → modules → error handler. Does not listen. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? loggerOptions(opts.config.LOG_LEVEL) }),
    // One JSON line per request with the user, operator and level (lib/logger.ts).
    logController: new RequestLogController(),
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // A URL that does not decode or a path parameter over the limit: answered like every error.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', opts.database.db);
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
  app.decorate('tokens', createTokenService(opts.jwtSecret, opts.config.JWT_TTL));
  app.decorate('loginThrottle', { ...DEFAULT_THROTTLE, ...opts.loginThrottle });
  app.decorate('publicRateLimit', { ...DEFAULT_PUBLIC_RATE_LIMIT, ...opts.publicRateLimit });
  const mailWorker =
    opts.config.SMTP_URL && opts.config.MAIL_FROM
      ? createMailWorker({
          db: opts.database.db,
          transport: createSmtpTransport({ url: opts.config.SMTP_URL, from: opts.config.MAIL_FROM }),
          log: app.log,
          // Customer messages are rendered as they leave, from the booking as it is then.
          render: (m) => renderMessage(opts.database.db, m, { origin: messageOrigin(opts.config), now: new Date() }),
          ...opts.mail,
        })
      : undefined;
  app.decorate('mailWorker', mailWorker);
  if (mailWorker) {
    app.addHook('onReady', async () => mailWorker.start());
    // Before the database closes (onClose): the batch in hand finishes or lapses.
    app.addHook('preClose', async () => mailWorker.stop());
    // A change that wrote a message has committed by the time its answer is sent: look at the
    // outbox now instead of at the next poll (a kick without anything queued costs one query).
    app.addHook('onResponse', async (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) mailWorker.kick();
    });
  }
  const reminders = createReminderScheduler({ db: opts.database.db, log: app.log, queued: () => mailWorker?.kick() });
  app.decorate('reminders', reminders);
  if (opts.reminders !== false) app.addHook('onReady', async () => reminders.start());
  app.addHook('preClose', async () => reminders.stop());
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Request-Id', req.id);
  });
  // Links to the public pages in answers are absolute on the public origin, never on a made-up Host.
  // A replayed answer (Idempotency-Key) goes out exactly as it was first given.
  app.addHook('preSerialization', async (req, reply, payload) =>
    reply.getHeader(IDEMPOTENT_REPLAYED_HEADER) ? payload : withPublicLinks(payload, publicOrigin(req, opts.config)),
  );
  app.addHook('onClose', async () => {
    await opts.database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);

  registerErrorHandler(app);
  await registerOpenApi(app);
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(preferencesRoutes);
      await api.register(usersRoutes);
      await api.register(tourOperatorsRoutes);
      await api.register(productsRoutes);
      await api.register(productImagesRoutes);
      await api.register(vehiclesRoutes);
      await api.register(personsRoutes);
      await api.register(accommodationsRoutes);
      await api.register(bookingsRoutes);
      await api.register(scheduleSheetsRoutes);
      await api.register(dashboardRoutes);
      await api.register(publicRoutes);
      await api.register(auditRoutes);
      await api.register(messagesRoutes);
    },
    { prefix: '/api/v1' },
  );

  // Uploaded photos, public and outside /api/v1 (the landing pages show them).
  await app.register(uploadsRoutes);
  await registerWeb(app, opts.config.WEB_DIST);
  return app;
}
