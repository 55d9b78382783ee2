import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from 'node:dns';
import { Agent, type AgentOptions } from 'node:https';
import { BlockList, isIP, isIPv4, type Socket } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { parse as legacyParse } from 'node:url';

// Every URL the server dials on someone else's word (today: Web Push endpoints) goes through this
// module (docs/decisions/061-outbound-urls.md): the text is checked as both URL parsers read it, and
// the address actually dialled is checked again at connect time, after DNS.

/** Why an outbound URL is refused (the caller maps it to its own Spanish message). */
export type OutboundRefusal =
  | 'syntax' // characters outside RFC 3986, a NUL or control byte (raw or %-encoded), a backslash
  | 'protocol' // not one of the allowed schemes
  | 'userinfo' // user@ or user:password@
  | 'host' // not a plain DNS name or canonical dotted IPv4 (IPv6 literals, 0x7f.1, 2130706433, 0177.0.0.1...)
  | 'parsers' // the WHATWG parser and the legacy url.parse (the push library's) read another host, port or scheme
  | 'not-allowed' // not on the allowed hosts
  | 'private'; // an IP literal in loopback, private, link-local or unique-local ranges

export interface OutboundRules {
  /** Schemes with their colon, e.g. ['https:']. */
  protocols: readonly string[];
  /** Hosts (or parent domains) the URL may name; undefined: any public host. */
  allowedHosts?: readonly string[];
  /** OUTBOUND_ALLOW_PRIVATE: loopback, private, link-local and unique-local addresses allowed. */
  allowPrivate: boolean;
}

export class OutboundUrlError extends Error {
  constructor(readonly reason: OutboundRefusal) {
    super(`outbound URL refused: ${reason}`);
  }
}

/** Addresses never dialled unless OUTBOUND_ALLOW_PRIVATE: the machine, the plant's networks, and the unroutable. */
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked4.addSubnet(net, prefix, 'ipv4');
  // The same range written as IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1).
  blocked6.addSubnet(`::ffff:${net}`, 96 + prefix, 'ipv6');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const)
  blocked6.addSubnet(net, prefix, 'ipv6');

/** Whether an address is in loopback, private, link-local, unique-local or other non-public ranges. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked4.check(address, 'ipv4');
  if (family === 6) return blocked6.check(address, 'ipv6');
  return true; // not an address at all: never dialled
}

/** RFC 3986's characters (unreserved, reserved and '%'); anything else is refused before parsing. */
const RFC3986 = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
/** %-encoded NUL and control bytes, and a '%' not followed by two hex digits. */
const BAD_PERCENT = /%(?:[01][0-9a-f]|7f)|%(?![0-9a-f]{2})/i;
/** A DNS name of letters, digits and hyphens (RFC 1123): the strict subset of RFC 3986's reg-name the server dials. */
const LDH_HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** A last label the WHATWG parser reads as a number (decimal, or 0x hex): the host is then an IPv4 address. */
const NUMERIC_LABEL = /^(?:0x[0-9a-f]*|\d+)$/;
const canonicalIPv4 = (host: string) => isIPv4(host) && host.split('.').every((octet) => octet === String(Number(octet)));

/** The host text between '//' and the path, as written (no userinfo allowed, so no '@' to skip). */
function authorityOf(raw: string): string {
  const afterScheme = raw.slice(raw.indexOf(':') + 1);
  if (!afterScheme.startsWith('//')) return '';
  const rest = afterScheme.slice(2);
  const end = rest.search(/[/?#]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/**
 * Checks an outbound URL as written, and returns it parsed. It must be made only of RFC 3986 characters,
 * carry no NUL or control byte even %-encoded, no userinfo, name its host as a DNS name or a canonical
 * dotted IPv4 address (no IPv6 literal, no decimal, octal or hex form), be read alike (scheme, host,
 * port) by the WHATWG parser and by Node's legacy `url.parse` that the push library sends with, be on
 * the allowed hosts, and, for an IP literal, not be a private address unless allowed.
 */
export function checkOutboundUrl(raw: string, rules: OutboundRules): URL {
  if (!RFC3986.test(raw) || BAD_PERCENT.test(raw)) throw new OutboundUrlError('syntax');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlError('syntax');
  }
  if (!rules.protocols.includes(url.protocol)) throw new OutboundUrlError('protocol');
  const authority = authorityOf(raw);
  if (url.username || url.password || authority.includes('@')) throw new OutboundUrlError('userinfo');
  const written = authority.replace(/:\d*$/, '').toLowerCase();
  if (written.startsWith('[') || !LDH_HOST.test(written)) throw new OutboundUrlError('host');
  const lastLabel = written.slice(written.lastIndexOf('.') + 1);
  if (NUMERIC_LABEL.test(lastLabel) && !canonicalIPv4(written)) throw new OutboundUrlError('host');
  if (url.hostname !== written) throw new OutboundUrlError('parsers');
  let legacy: ReturnType<typeof legacyParse>;
  try {
    legacy = legacyParse(raw);
  } catch {
    throw new OutboundUrlError('parsers');
  }
  const defaultPort = url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
  const legacyPort = legacy.port && legacy.port !== defaultPort ? legacy.port : '';
  if (legacy.protocol !== url.protocol || legacy.hostname !== url.hostname || legacyPort !== url.port || legacy.auth) {
    throw new OutboundUrlError('parsers');
  }
  const allowed = rules.allowedHosts;
  if (allowed && !allowed.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`))) throw new OutboundUrlError('not-allowed');
  if (isIP(url.hostname) && !rules.allowPrivate && isPrivateAddress(url.hostname)) throw new OutboundUrlError('private');
  return url;
}

/** An error as Node's DNS lookup gives one, so callers see a connection failure. */
function refusedAddress(hostname: string, address: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`outbound connection to ${hostname} refused: ${address} is a private address`);
  error.code = 'EOUTBOUNDPRIVATE';
  return error;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup` for sockets that refuses any answer in a private range: a public-looking name that
 * resolves to 127.0.0.1 or 10.x is refused when the socket connects, not only when the URL is stored.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(refusedAddress(hostname, bad.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * An HTTPS agent whose sockets dial only public addresses (unless `allowPrivate`): names go through
 * guardedLookup; an IP literal, which Node connects to without a lookup, is checked here.
 */
export class OutboundAgent extends Agent {
  constructor(
    private readonly allowPrivate: boolean,
    options: AgentOptions = {},
  ) {
    super({ ...options, lookup: guardedLookup(allowPrivate) as AgentOptions['lookup'] });
  }

  override createConnection(options: ConnectionOptions, callback?: (err: Error | null, socket: Socket) => void) {
    const host = options.host ?? '';
    if (isIP(host) && !this.allowPrivate && isPrivateAddress(host)) {
      const error = refusedAddress(host, host);
      // Agent's createConnection may fail through its callback; no socket is opened.
      if (callback) {
        process.nextTick(() => callback(error, undefined as unknown as Socket));
        return undefined as unknown as Socket;
      }
      throw error;
    }
    // biome-ignore lint/suspicious/noExplicitAny: Agent#createConnection is untyped in @types/node.
    return (Agent.prototype as any).createConnection.call(this, options, callback);
  }
}
