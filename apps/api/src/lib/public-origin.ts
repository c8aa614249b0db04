/**
 * The origin absolute links are written with (landing page tags, the voucher's QR, the public links
 * in API responses, and the messages to come): PUBLIC_URL when it is set. Without it, the request's
 * own origin only when its Host names this server as it listens (its HOST and PORT, or one of the
 * machine's addresses when HOST is 0.0.0.0/::), a loopback address or `localhost` — never a name a
 * client made up (`Host: evil.example` must not reach a canonical link or a QR code). Otherwise
 * there is no origin and links stay relative (or are left out where they must be absolute).
 */
import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);
const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** Hostname and port of a Host header (`[::1]:3000` → `::1`, `3000`); undefined when malformed. */
function parseHost(host: string): { hostname: string; port: string | undefined } | undefined {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*))(?::(\d{1,5}))?$/.exec(host);
  if (!m) return undefined;
  return { hostname: (m[1] ?? m[2]).toLowerCase(), port: m[3] };
}

/** How long the machine's addresses are reused before they are read again (they seldom change). */
const INTERFACES_TTL_MS = 5000;
let interfaces: { at: number; addresses: Set<string> } | undefined;

/** The addresses this server listens on (HOST, or every interface's when HOST is a wildcard). */
function listenAddresses(host: string): Set<string> {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (!WILDCARD.has(h)) return new Set([h]);
  // os.networkInterfaces() asks the kernel each time: at most every few seconds (ADR 036).
  const now = Date.now();
  if (!interfaces || now - interfaces.at > INTERFACES_TTL_MS) {
    const out = new Set<string>();
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) out.add(a.address.toLowerCase());
    }
    interfaces = { at: now, addresses: out };
  }
  return interfaces.addresses;
}

/** Whether a Host header names this server itself (see the module's comment). */
function isOwnHost(host: string, config: Pick<Config, 'HOST' | 'PORT'>, protocol: string): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  if (LOOPBACK.has(parsed.hostname)) return true;
  const port = parsed.port ?? (protocol === 'https' ? '443' : '80');
  return port === String(config.PORT) && listenAddresses(config.HOST).has(parsed.hostname);
}

/** PUBLIC_URL, or the request's origin when its Host is this server's own; else undefined. */
export function publicOrigin(
  req: Pick<FastifyRequest, 'host' | 'protocol'>,
  config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>,
): string | undefined {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  return isOwnHost(req.host, config, protocol) ? `${protocol}://${req.host}` : undefined;
}

/** A path of the app as an absolute URL on `origin`, or the path itself without one. */
export const absoluteUrl = (path: string, origin: string | undefined) =>
  origin && path.startsWith('/') ? `${origin}${path}` : path;

type Linked = { public_urls?: Record<string, unknown>; voucher_url?: unknown };
const hasLinks = (v: unknown): v is Linked =>
  !!v && typeof v === 'object' && !Array.isArray(v) && ('public_urls' in v || 'voucher_url' in v);

/**
 * Whether withPublicLinks would change anything in this answer: a top-level object with links, or a
 * list whose first item has them. Lets the caller skip working out the origin for every other answer.
 */
export const hasPublicLinks = (payload: unknown): boolean =>
  Array.isArray(payload) ? payload.length > 0 && hasLinks(payload[0]) : hasLinks(payload);

function absoluteLinks(v: Linked, origin: string): Linked {
  const out: Linked = { ...v };
  if (v.public_urls && typeof v.public_urls === 'object') {
    out.public_urls = Object.fromEntries(
      Object.entries(v.public_urls).map(([k, u]) => [k, typeof u === 'string' ? absoluteUrl(u, origin) : u]),
    );
  }
  if (typeof v.voucher_url === 'string') out.voucher_url = absoluteUrl(v.voucher_url, origin);
  return out;
}

/**
 * An API answer with its links to the public pages (`public_urls`, `voucher_url`: the links staff
 * send to customers, the voucher's QR) made absolute on `origin`; unchanged without one (the web
 * app then uses its own address). Top-level objects and the items of a list.
 */
export function withPublicLinks(payload: unknown, origin: string | undefined): unknown {
  if (!origin) return payload;
  if (Array.isArray(payload)) {
    return payload.length > 0 && hasLinks(payload[0])
      ? payload.map((item) => (hasLinks(item) ? absoluteLinks(item, origin) : item))
      : payload;
  }
  return hasLinks(payload) ? absoluteLinks(payload, origin) : payload;
}

/**
 * The origin of links in messages written without a request (the mail worker, the reminders):
 * PUBLIC_URL, else this server on localhost (right for the demo; production sets PUBLIC_URL).
 */
export const messageOrigin = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
