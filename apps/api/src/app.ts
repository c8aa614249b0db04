import { randomUUID } from 'node:crypto';
import { IDEMPOTENT_REPLAYED_HEADER } from '@trayecto/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type Background, createBackground, TASK } from './background';
import type { Config } from './config/env';
import type { Database, Db } from './db/client';
import { loggerOptions, RequestLogController, requestChildLogger } from './lib/logger';
import { hasPublicLinks, messageOrigin, publicOrigin, withPublicLinks } from './lib/public-origin';
import { DEFAULT_PUBLIC_RATE_LIMIT, type PublicRateLimitOptions } from './lib/rate-limit';
import { responseSerializerCompiler, serializerCheckOn } from './lib/response-serializer';
import { configureSecretKey } from './lib/secret-key';
import { accommodationsRoutes } from './modules/accommodations/accommodations.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { DEFAULT_THROTTLE, type ThrottleOptions } from './modules/auth/auth.throttle';
import { createTokenService, type TokenService } from './modules/auth/auth.tokens';
import { registerBookingListener } from './modules/bookings/booking-listeners';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { assertBookingVisible, getBooking, isPreparedByStaff } from './modules/bookings/bookings.service';
import { cashRoutes } from './modules/cash/cash.routes';
import { channelsRoutes } from './modules/channels/channels.routes';
import { commissionsRoutes } from './modules/commissions/commissions.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import type { BookingReads } from './modules/messages/messages.ports';
import { messagesRoutes } from './modules/messages/messages.routes';
import type { RetryPolicy } from './modules/messages/messages.rules';
import type { FetchLike } from './modules/messages/messages.webhooks';
import { type OctoApiOptions, octoRoutes } from './modules/octo/octo.routes';
import { OCTO_BASE_PATH } from './modules/octo/octo.service';
import { CHANNEL_WEBHOOK_LISTENER, channelWebhookListener } from './modules/octo/octo.webhooks';
import { paymentLinksRoutes } from './modules/payments/links.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { refundsRoutes } from './modules/payments/refunds.routes';
import { personsRoutes } from './modules/persons/persons.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { productImagesRoutes } from './modules/products/product-images.routes';
import { productsRoutes } from './modules/products/products.routes';
import { getPublicBooking } from './modules/public/public.bookings';
import { publicPages } from './modules/public/public.pages';
import { publicRoutes } from './modules/public/public.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { scheduleSheetsRoutes } from './modules/schedule-sheets/schedule-sheets.routes';
import { tourOperatorsRoutes } from './modules/tour-operators/tour-operators.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import { findAuthState } from './modules/users/users.service';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { authPlugin } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerReadRouting } from './plugins/read-routing';
import { registerSecurityHeaders, securityHeaderOptions } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary: every write, every transaction, and the reads that must see the latest data. */
    db: Db;
    /**
     * The read replica's handle when DATABASE_REPLICA_URL is set, else `db` itself (ADR 033). Routes
     * read with `req.dbRead`, which also keeps a user who has just written on the primary.
     */
    dbRead: Db;
    database: Database;
    config: Config;
    tokens: TokenService;
    loginThrottle: ThrottleOptions;
    publicRateLimit: PublicRateLimitOptions;
    /**
     * This process's share of the background work (issue 31, background.ts): the runner of every
     * periodic task and job, and the outbox's sender.
     */
    background: Background;
    /** Set when this process sends e-mail (SMTP_URL): `kick` sends what a change just queued. */
    mailWorker: { kick(): void } | undefined;
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
  /** Per-key limits of the OCTO API (tests set low ones). */
  octoRateLimit?: OctoApiOptions['rateLimit'];
  /** The mail delivery's pace and retries (tests set short ones). */
  mail?: { pollMs?: number; leaseMs?: number; retry?: Partial<RetryPolicy> };
  /** Webhook deliveries' `fetch` and time limit (tests). */
  webhook?: { fetch?: FetchLike; timeoutMs?: number };
  /**
   * Whether this process's loop runs the day-before reminders (tests leave them to
   * `app.background.runner.runTask('messages.reminders', now)`).
   */
  reminders?: boolean;
  /**
   * Whether this process runs background work at all (default: yes; tests that set neither SMTP nor
   * reminders drive it by hand with `tick`/`runTask`).
   */
  background?: boolean;
};

const REQUEST_ID_RE = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * How the messages module reads a booking: its owners' services, handed over here so that messages
 * imports neither bookings nor the public pages (bookings write messages: one direction only).
 */
export const BOOKING_READS: BookingReads = { getBooking, assertBookingVisible, getPublicBooking, isPreparedByStaff };

/** Builds the whole application: plugins → modules → error handler. Does not listen. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? loggerOptions(opts.config.LOG_LEVEL) }),
    // One JSON line per request with the user, operator and level (lib/logger.ts).
    logController: new RequestLogController(),
    // Each request's child logger without the redaction's walk over its id (lib/logger.ts).
    childLoggerFactory: requestChildLogger,
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
    // And what Node refuses before Fastify (a head over 16 KB, a timeout, a malformed request).
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers written by compiled writers, checked against zod's in tests (ADR 038).
  app.setSerializerCompiler(responseSerializerCompiler({ check: serializerCheckOn(opts.config) }));

  app.decorate('db', opts.database.db);
  app.decorate('dbRead', opts.database.replica?.db ?? opts.database.db);
  // req.dbRead: the replica or the primary, request by request (plugins/read-routing.ts).
  registerReadRouting(app, opts.database);
  app.decorate('database', opts.database);
  app.decorate('config', opts.config);
  app.decorate('tokens', createTokenService(opts.jwtSecret, opts.config.JWT_TTL));
  app.decorate('loginThrottle', { ...DEFAULT_THROTTLE, ...opts.loginThrottle });
  app.decorate('publicRateLimit', { ...DEFAULT_PUBLIC_RATE_LIMIT, ...opts.publicRateLimit });
  // The key of the secrets kept in the database (a channel's webhook secret: sealed when saved,
  // opened when a delivery is signed), read on first use.
  configureSecretKey(opts.config);
  // A channel's booking changed by the operator's side (staff, a departure cancelled, a hold that
  // ended) is told to the channel's webhook, in the change's transaction (ADR 023, docs/octo.md).
  // Every booking write of this process goes through here: requests and the background's jobs.
  registerBookingListener(CHANNEL_WEBHOOK_LISTENER, channelWebhookListener({ origin: messageOrigin(opts.config) }));
  // Background work (background.ts): every process runs a runner; they share the work through
  // the database. The loop starts once the app is ready and stops before the database closes.
  const background = createBackground({
    db: opts.database.db,
    config: opts.config,
    log: app.log,
    mail: opts.mail,
    webhook: opts.webhook,
    paused: opts.reminders === false ? [TASK.REMINDERS] : [],
    reads: BOOKING_READS,
  });
  app.decorate('background', background);
  app.decorate('mailWorker', background.sender.sendsEmail ? { kick: background.kickDelivery } : undefined);
  const runsBackground = opts.background ?? (opts.reminders !== false || background.sender.sendsEmail);
  if (runsBackground) app.addHook('onReady', async () => background.runner.start());
  // Before the database closes (onClose): the runs in hand finish or are given back.
  app.addHook('preClose', async () => {
    await background.runner.stop();
    await background.sender.stop();
  });
  // The hooks every request runs take a callback, not a promise (ADR 036: no promise and microtask
  // per hook per request).
  // A change that wrote a message has committed by the time its answer is sent: look at the
  // outbox now instead of at the next look (a kick with nothing queued costs one query).
  app.addHook('onResponse', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) background.kickDelivery();
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('X-Request-Id', req.id);
    done(null, payload);
  });
  // Links to the public pages in answers are absolute on the public origin, never on a made-up Host.
  // A replayed answer (Idempotency-Key) goes out exactly as it was first given. The origin is worked
  // out only for an answer that has such links.
  app.addHook('preSerialization', (req, reply, payload, done) => {
    if (!hasPublicLinks(payload) || reply.getHeader(IDEMPOTENT_REPLAYED_HEADER)) return done(null, payload);
    done(null, withPublicLinks(payload, publicOrigin(req, opts.config)));
  });
  app.addHook('onClose', async () => {
    await opts.database.close();
  });

  // helmet's headers for our policy, computed once (ADR 036): the same values on every answer.
  await registerSecurityHeaders(app, securityHeaderOptions(opts.config));
  await registerCompression(app);

  registerErrorHandler(app);
  await registerOpenApi(app);
  // The token's user as they are now: the users module's answer (plugins know no module).
  await app.register(authPlugin, { findAuthState });

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
      await api.register(messagesRoutes, { reads: BOOKING_READS });
      await api.register(jobsRoutes);
      await api.register(paymentLinksRoutes, { reads: BOOKING_READS });
      await api.register(refundsRoutes);
      await api.register(paymentsRoutes);
      await api.register(channelsRoutes);
      await api.register(invoicesRoutes);
      await api.register(commissionsRoutes);
      await api.register(cashRoutes);
      await api.register(reportsRoutes);
    },
    { prefix: '/api/v1' },
  );
  // The OCTO supplier API for resellers (ADR 023): its own keys, errors and OpenAPI document.
  await app.register(octoRoutes, { prefix: OCTO_BASE_PATH, rateLimit: opts.octoRateLimit });

  // Uploaded photos, public and outside /api/v1 (the landing pages show them).
  await app.register(uploadsRoutes);
  // The public pages (rendered on the server, in the visitor's language), then the web app's files.
  await app.register(publicPages, { distDir: opts.config.WEB_DIST });
  await registerWeb(app, opts.config.WEB_DIST);
  return app;
}
