/**
 * Outgoing requests to addresses an operator typed (a channel's webhook URL) reach the public
 * internet only: never this machine, its private network or a cloud's metadata service (SSRF). A
 * manager could otherwise point a webhook at an internal service and read the start of its answer
 * in «Mensajes».
 *
 * The check runs when the connection is made, on every address the name resolves to (a name that
 * resolves to a private address is refused even if it once resolved to a public one: no DNS
 * rebinding between a check and the connection), and on an address written as the host. An
 * operator whose receivers live on its own network sets WEBHOOK_ALLOW_PRIVATE_NETWORKS=true.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata: 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** Whether an IP address is not on the public internet (IPv4-mapped IPv6 read as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(host: string, address: string) {
    super(`${host} es una dirección privada o local (${address}): solo se envía a direcciones públicas`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name with any private address (net.connect's `lookup` option). */
function publicLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad) return callback(new PrivateAddressError(hostname, bad.address), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} no tiene dirección`), { code: 'ENOTFOUND' }), []);
    callback(null, first.address, first.family);
  });
}

let agent: Agent | undefined;

/**
 * `fetch` that connects only to public addresses: a host written as a private address is refused
 * before anything is sent, a name by the lookup the connection makes.
 */
export async function fetchPublic(url: string, init: RequestInit): Promise<Response> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isPrivateAddress(host)) throw new PrivateAddressError(host, host);
  agent ??= new Agent({ connect: { lookup: publicLookup as never } });
  return (await undiciFetch(url, { ...(init as object), dispatcher: agent } as never)) as unknown as Response;
}
