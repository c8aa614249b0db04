/**
 * Webhooks reach public addresses only (lib/public-network.ts): this machine, private networks and
 * a cloud's metadata service are refused, written as an address or behind a name, before anything
 * is sent; a loopback server proves nothing reached it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublic, isPrivateAddress, PrivateAddressError } from './public-network';

describe('isPrivateAddress', () => {
  it('loopback, private, link-local, CGNAT, multicast and unspecified addresses are private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });
  it('public addresses are not', () => {
    for (const ip of [
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '151.101.1.69',
      '2a00:1450:4003:80e::200e',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('fetchPublic', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.end('secreto interno');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it('refuses a private address written as the host, and a name that resolves to one; nothing arrives', async () => {
    await expect(fetchPublic(`http://127.0.0.1:${port}/`, { method: 'POST' })).rejects.toBeInstanceOf(
      PrivateAddressError,
    );
    await expect(fetchPublic(`http://[::1]:${port}/`, { method: 'POST' })).rejects.toBeInstanceOf(PrivateAddressError);
    const byName = await fetchPublic(`http://localhost:${port}/`, { method: 'POST' }).catch((e: unknown) => e);
    const cause = (byName as { cause?: unknown }).cause ?? byName;
    expect(cause).toBeInstanceOf(PrivateAddressError);
    expect(String((cause as Error).message)).toMatch(
      /^localhost es una dirección privada o local \((127\.0\.0\.1|::1)\)/,
    );
    expect(hits).toBe(0);
  });
});
