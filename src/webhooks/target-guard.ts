import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { validationFailed } from '../errors.ts';

/**
 * Where webhooks may go (docs/events.md): http(s) URLs whose addresses are public. Loopback, private,
 * link-local, shared (CGNAT), multicast and unspecified addresses are refused unless WEBHOOK_ALLOW_PRIVATE is
 * set; the check runs when a subscription is created and again on the address each delivery connects to
 * (DNS rebinding).
 */

/**
 * True unless the address is ordinary public unicast, by ipaddr.js's range names (IANA's special-purpose
 * registries). IPv4-mapped and IPv4-compatible forms are judged as the IPv4 address they carry (`::127.0.0.1`
 * is loopback); the IPv6 transition ranges that reach an IPv4 address through a relay (6to4 `2002::/16`,
 * Teredo `2001::/32`, NAT64 `64:ff9b::/96`) are refused whole, since the relay may be ours. A hand-written
 * list of subnets missed those forms.
 */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  return ipaddr.process(address).range() !== 'unicast';
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Validates a subscription URL; resolves its host name to refuse private targets up front. */
export async function checkTargetUrl(text: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw validationFailed(`'${text}' is not a URL`, [{ path: 'url', message: 'must be an absolute URL' }]);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw validationFailed(`Webhook URLs must use http or https (got ${url.protocol})`, [
      { path: 'url', message: 'must use http or https' },
    ]);
  if (url.username || url.password)
    throw validationFailed('Webhook URLs must not carry credentials', [
      { path: 'url', message: 'must not contain user or password' },
    ]);
  if (allowPrivate) return url;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw validationFailed(`The host '${host}' does not resolve`, [
        { path: 'url', message: 'host does not resolve' },
      ]);
    }
  }
  const bad = addresses.find(isPrivateAddress);
  if (bad)
    throw validationFailed(
      `Webhook targets on loopback, private or link-local addresses are refused (${host} is ${bad}); set WEBHOOK_ALLOW_PRIVATE=true to allow them`,
      [{ path: 'url', message: 'private, loopback or link-local address' }],
    );
  return url;
}

/** The refusal of a delivery whose target is (or resolves to) a private address. */
export class PrivateTargetError extends Error {}

/** Checks a literal IP host before connecting (net does not call `lookup` for literals). */
export function assertPublicLiteral(url: URL, allowPrivate: boolean): void {
  const host = hostOf(url);
  if (!allowPrivate && isIP(host) && isPrivateAddress(host))
    throw new PrivateTargetError(`refused: ${host} is a private, loopback or link-local address`);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request: resolves, then refuses the connection when any address is private, so the
 * address checked is the address connected to.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | 'IPv4' | 'IPv6' },
    callback: LookupCallback,
  ): void => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    dnsLookup(hostname, { family, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad)
        return callback(
          new PrivateTargetError(`refused: ${hostname} resolves to ${bad.address}, a private address`),
          [],
        );
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
