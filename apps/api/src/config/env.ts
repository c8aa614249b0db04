import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { z } from 'zod';

/**
 * Repository root: the nearest folder above this module whose package.json is the workspace root.
 * Found by walking up, so it is the same from the TypeScript source (apps/api/src/config) and from
 * the compiled bundle (apps/api/dist) that production runs.
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && Array.isArray(JSON.parse(readFileSync(pkg, 'utf8')).workspaces)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró la raíz del proyecto desde ${from}`);
  }
}

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * PUBLIC_URL: the public origin (`https://reservas.example.com`) every absolute link is written
 * with. An http(s) origin only: no path, query, fragment or credentials; kept as `URL.origin`.
 */
const publicUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        u.username === '' &&
        u.password === '' &&
        u.pathname === '/' &&
        u.search === '' &&
        u.hash === '' &&
        !/[?#]/.test(v)
      );
    } catch {
      return false;
    }
  }, 'debe ser un origen http(s) sin ruta ni parámetros, p. ej. https://reservas.example.com')
  .transform((v) => new URL(v).origin);

/** Durations as jose/vercel-ms accept them: "12h", "30m", "7d", "3600s" or seconds. */
const duration = z
  .string()
  .regex(/^\d+\s*(s|sec|secs|m|min|mins|h|hr|hrs|d|day|days|w)?$/i, 'duración no válida (p. ej. 12h, 30m, 7d)');

/** A path to a file that exists (read at start-up by whoever needs it). */
const optionalFile = z
  .string()
  .trim()
  .refine((v) => v === '' || existsSync(path.resolve(REPO_ROOT, v)), 'el fichero no existe')
  .transform((v) => (v === '' ? undefined : path.resolve(REPO_ROOT, v)))
  .optional();

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'debe ser un número' })
      .int('debe ser un entero')
      .min(0, 'debe estar entre 0 y 65535')
      .max(65535, 'debe estar entre 0 y 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * A streaming standby of DATABASE_URL (ADR 033): lists, reports and exports read from it while
     * it is at most a second behind; writes and read-your-own-writes stay on DATABASE_URL.
     */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Whether the sale path's statements are prepared on the PostgreSQL server (ADR 040). `false`
     * behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21, or without
     * `max_prepared_statements`).
     */
    DATABASE_PREPARED_STATEMENTS: boolish.default(true),
    DATA_DIR: z.string().min(1).default('./data'),
    JWT_SECRET: z
      .string()
      .min(32, 'debe tener al menos 32 caracteres')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    JWT_TTL: duration.default('12h'),
    ADMIN_EMAIL: z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'no es una dirección de correo válida')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'debe tener al menos 8 caracteres')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SEED_DEMO: boolish.optional(),
    /** The public origin for absolute links (landing tags, voucher QR, messages); see lib/public-origin.ts. */
    PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), publicUrl.optional()),
    /**
     * The SMTP relay messages go out through (`smtp://user:pass@host:587`, `smtps://…:465`); without
     * it nothing is sent and messages wait in the outbox (docs/operations.md "Correo").
     */
    SMTP_URL: z
      .string()
      .trim()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        'debe empezar por smtp:// o smtps:// (p. ej. smtp://usuario:clave@smtp.example.com:587)',
      )
      .refine((v) => {
        try {
          return new URL(v).hostname !== '';
        } catch {
          return false;
        }
      }, 'no es una URL válida')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The sender of every message: `no-reply@example.com` or `Trayecto <no-reply@example.com>`. */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        /^(?:[^<>\r\n"]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/,
        'debe ser una dirección (no-reply@example.com) o «Nombre <no-reply@example.com>»',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * The key that encrypts secrets at rest (the operators' payment keys, ADR 022): 32 bytes as 64
     * hexadecimal characters or in base64. Required with DATABASE_URL in production; with the
     * embedded database one is generated once into DATA_DIR/encryption-key (lib/encryption.ts).
     */
    APP_ENCRYPTION_KEY: z
      .string()
      .trim()
      .refine(
        (v) =>
          /^[0-9a-fA-F]{64}$/.test(v) || (/^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32),
        'debe ser de 32 bytes: 64 caracteres hexadecimales o su base64 (genera una con «openssl rand -hex 32»)',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Where Redsys is (default: its test or live host as each operator's mode says); set it to a
     * stand-in in tests and staging. The redirect is REDSYS_URL/sis/realizarPago and refunds go to
     * REDSYS_URL/sis/rest/trataPeticionREST.
     */
    REDSYS_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(:\d+)?\/?$/, 'debe ser un origen http(s), p. ej. https://sis-t.redsys.es:25443')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Where the Stripe API is (default https://api.stripe.com); a stand-in in tests and staging. */
    STRIPE_API_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(:\d+)?\/?$/, 'debe ser un origen http(s), p. ej. http://localhost:12111')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Where the VERI*FACTU invoicing records are sent (issue 34, ADR 025): the AEAT's SOAP endpoint
     * (RegFactuSistemaFacturacion) or a stand-in. Unset: the records are kept `pending` and nothing
     * is sent (a sale never waits for it).
     */
    AEAT_VERIFACTU_URL: z
      .string()
      .trim()
      .regex(
        /^https?:\/\/[^\s?#]+$/,
        'debe ser una URL http(s), p. ej. https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP',
      )
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** VERI*FACTU mode: `test` (the AEAT's test hosts in the QR code's URL, the default) or `live`. */
    AEAT_VERIFACTU_MODE: z.enum(['test', 'live'], { error: 'debe ser test o live' }).default('test'),
    /**
     * The qualified certificate the AEAT asks for (mutual TLS, issue 34): a PEM certificate and its
     * key (AEAT_VERIFACTU_CERT_FILE + AEAT_VERIFACTU_KEY_FILE) or a PKCS#12 file
     * (AEAT_VERIFACTU_PFX_FILE), with AEAT_VERIFACTU_PASSPHRASE if the key is protected;
     * AEAT_VERIFACTU_CA_FILE adds CAs to trust for the endpoint (a staging stand-in). Read once by
     * modules/invoices/invoices.sender.ts. Unset: no client certificate.
     */
    AEAT_VERIFACTU_CERT_FILE: optionalFile,
    AEAT_VERIFACTU_KEY_FILE: optionalFile,
    AEAT_VERIFACTU_PFX_FILE: optionalFile,
    AEAT_VERIFACTU_PASSPHRASE: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AEAT_VERIFACTU_CA_FILE: optionalFile,
    /**
     * The producer of the billing system in each record's SistemaInformatico (NIF and name); unset,
     * the issuing operator's own NIF and legal name (docs/invoicing.md).
     */
    AEAT_VERIFACTU_PRODUCER_NIF: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{9}$/, 'debe ser un NIF español de 9 caracteres, p. ej. B12345674')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    AEAT_VERIFACTU_PRODUCER_NAME: z
      .string()
      .trim()
      .min(1)
      .max(120, 'como mucho 120 caracteres')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the built web app lives (default apps/web/dist). */
    WEB_DIST: z.string().optional(),
    /**
     * Write every JSON answer both ways — zod's check + JSON.stringify and the compiled writer —
     * and answer 500 if they differ (lib/response-serializer.ts, ADR 038). On under vitest and in
     * the browser journeys; off in production (the compiled writer alone).
     */
    RESPONSE_SERIALIZER_CHECK: boolish.optional(),
    /** Behind a proxy: trust X-Forwarded-For for the client address (login throttling). */
    TRUST_PROXY: boolish.default(false),
    /**
     * Webhooks may reach private and local addresses (10.x, 192.168.x, 127.0.0.1, 169.254.x…):
     * false by default in production (a webhook URL must not reach the server's own network),
     * true in development and tests (receivers on loopback).
     */
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolish.optional(),
    /** Apply pending migrations at start-up (false: refuse to start unless already migrated). */
    MIGRATE: boolish.default(true),
    /** On SIGTERM, answer /ready with 503 for this long before closing, so balancers drain us. */
    SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'debe ser un número' }).int().min(0).max(60_000).default(0),
    /** API processes on this machine (node:cluster, one port): a number, or `auto` = one per CPU. */
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .regex(/^(auto|[1-9]\d{0,2})$/i, 'debe ser un número de procesos (1, 2, 4…) o "auto" (uno por CPU)')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => (v === undefined ? 1 : v.toLowerCase() === 'auto' ? availableParallelism() : Number(v))),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'es obligatorio cuando se define DATABASE_URL' });
    }
    if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.APP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_ENCRYPTION_KEY'],
        message: 'es obligatorio cuando se define DATABASE_URL en producción',
      });
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      // PGlite lives inside this process: there is nothing to replicate it from (docs/deployment.md).
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message:
          'solo se usa con DATABASE_URL (PostgreSQL): la base de datos embebida no tiene réplicas; define DATABASE_URL o quita DATABASE_REPLICA_URL',
      });
    } else if (env.DATABASE_REPLICA_URL && env.DATABASE_REPLICA_URL === env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'debe ser una réplica en espera de DATABASE_URL, no la misma base de datos',
      });
    }
    if (!env.DATABASE_URL && env.WEB_CONCURRENCY > 1) {
      // PGlite lives inside one process: several processes need a PostgreSQL server (docs/deployment.md).
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: `con la base de datos embebida solo puede haber 1 proceso (pediste ${env.WEB_CONCURRENCY}); define DATABASE_URL (PostgreSQL) para usar varios`,
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'es obligatorio cuando se define SMTP_URL' });
    }
    if (Boolean(env.AEAT_VERIFACTU_CERT_FILE) !== Boolean(env.AEAT_VERIFACTU_KEY_FILE)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.AEAT_VERIFACTU_CERT_FILE ? 'AEAT_VERIFACTU_KEY_FILE' : 'AEAT_VERIFACTU_CERT_FILE'],
        message: 'AEAT_VERIFACTU_CERT_FILE y AEAT_VERIFACTU_KEY_FILE van juntos (el certificado y su clave)',
      });
    }
    if (env.AEAT_VERIFACTU_PFX_FILE && env.AEAT_VERIFACTU_CERT_FILE) {
      ctx.addIssue({
        code: 'custom',
        path: ['AEAT_VERIFACTU_PFX_FILE'],
        message: 'usa el fichero PKCS#12 o el certificado y su clave en PEM, no los dos',
      });
    }
    if (Boolean(env.AEAT_VERIFACTU_PRODUCER_NIF) !== Boolean(env.AEAT_VERIFACTU_PRODUCER_NAME)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.AEAT_VERIFACTU_PRODUCER_NIF ? 'AEAT_VERIFACTU_PRODUCER_NAME' : 'AEAT_VERIFACTU_PRODUCER_NIF'],
        message: 'AEAT_VERIFACTU_PRODUCER_NIF y AEAT_VERIFACTU_PRODUCER_NAME van juntos (el productor del sistema)',
      });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'es obligatorio cuando se define ADMIN_EMAIL',
      });
    }
  });

export type Config = Omit<
  z.infer<typeof ZEnv>,
  'SEED_DEMO' | 'DATA_DIR' | 'WEB_DIST' | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'
> & {
  DATA_DIR: string;
  WEB_DIST: string;
  SEED_DEMO: boolean;
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolean;
  embedded: boolean;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once, at start-up; the only reader of process.env. Throws a ConfigError
 * listing every bad variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, { readDotenv = true } = {}): Config {
  let env = source;
  if (readDotenv) {
    const file = path.join(REPO_ROOT, '.env');
    if (existsSync(file)) {
      const parsed = dotenv.parse(readFileSync(file, 'utf8'));
      env = { ...parsed, ...source };
    }
  }
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(entorno)'}: ${i.message}`));
  }
  const v = result.data;
  const embedded = !v.DATABASE_URL;
  return {
    ...v,
    DATA_DIR: path.resolve(REPO_ROOT, v.DATA_DIR),
    WEB_DIST: path.resolve(REPO_ROOT, v.WEB_DIST ?? 'apps/web/dist'),
    SEED_DEMO: v.SEED_DEMO ?? embedded,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: v.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? v.NODE_ENV !== 'production',
    embedded,
  };
}
