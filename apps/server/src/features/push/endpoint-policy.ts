import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Config } from '../../config';

/**
 * Where the server may send Web Push requests. A push endpoint is a URL a player hands us, so
 * every request to one is a request they aim: only https, only public unicast addresses (by
 * ipaddr.js's ranges: no loopback, private, link-local and metadata, CGNAT, multicast,
 * unspecified, reserved or translated ones), and only the configured push services when
 * PUSH_ALLOWED_HOSTS is set.
 */
export interface PushTargetPolicy {
  /** Plain http endpoints: development and tests only. */
  allowHttp: boolean;
  /**
   * Loopback addresses, for the local push service the tests and a developer's machine run:
   * development and tests only, never in production.
   */
  allowLoopbackPushServiceInDevelopment: boolean;
  /** Host names or `.suffixes` (lower case) endpoints must be at; undefined: any public host. */
  allowedHosts: string[] | undefined;
}

export function pushTargetPolicy(config: Pick<Config, 'env' | 'pushAllowedHosts'>) {
  const local = config.env === 'development' || config.env === 'test';
  return {
    allowHttp: local,
    allowLoopbackPushServiceInDevelopment: local,
    allowedHosts: config.pushAllowedHosts,
  } satisfies PushTargetPolicy;
}

/** A push target refused by the policy; `reason` is safe to show to the subscriber. */
export class PushTargetRefused extends Error {
  constructor(readonly reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'PushTargetRefused';
  }
}

/** Why an IP address may not be pushed to (its ipaddr.js range), or null when it may. */
export function refusedAddress(address: string, policy: PushTargetPolicy): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const range = ipaddr.process(address).range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopbackPushServiceInDevelopment) return null;
  return range;
}

/** Whether the host is one of the allowed push services (exact, or below a name or .suffix). */
export function hostAllowed(hostname: string, allowed: string[] | undefined): boolean {
  if (!allowed) return true;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) =>
    entry.startsWith('.') ? host.endsWith(entry) : host === entry || host.endsWith(`.${entry}`),
  );
}

/** What is wrong with the URL itself (scheme, host list, a literal address), or null. */
export function endpointProblem(url: URL, policy: PushTargetPolicy): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return 'must be an https URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, policy.allowedHosts)) return 'is not at an allowed push service';
  if (net.isIP(host)) {
    const range = refusedAddress(host, policy);
    if (range) return `must not point at a ${range} address`;
  }
  return null;
}

type LookupAll = (hostname: string) => Promise<LookupAddress[]>;
const systemLookupAll: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * Checks an endpoint when it is subscribed: the URL, and every address its host resolves to now.
 * Throws PushTargetRefused. (Send time checks again, on the address actually connected to.)
 */
export async function checkEndpoint(
  endpoint: string,
  policy: PushTargetPolicy,
  lookupAll: LookupAll = systemLookupAll,
): Promise<void> {
  const url = new URL(endpoint);
  const problem = endpointProblem(url, policy);
  if (problem) throw new PushTargetRefused(problem);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    throw new PushTargetRefused('has a host that does not resolve');
  }
  for (const { address } of addresses) {
    const range = refusedAddress(address, policy);
    if (range) throw new PushTargetRefused(`has a host that resolves to a ${range} address`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/**
 * A `lookup` for sockets: resolves like dns.lookup, but fails when any address of the host is
 * refused, so a host that resolved to a public address at subscribe time and to an internal one
 * now (DNS rebinding) is never connected to.
 */
export function guardedLookup(
  policy: PushTargetPolicy,
  resolve: (hostname: string, options: dns.LookupAllOptions) => Promise<LookupAddress[]> = (
    hostname,
    options,
  ) => dns.promises.lookup(hostname, options),
): Lookup {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true })
      .then((addresses) => {
        for (const { address } of addresses) {
          const range = refusedAddress(address, policy);
          if (range) {
            const error: NodeJS.ErrnoException = new PushTargetRefused(
              `${hostname} resolves to a ${range} address`,
            );
            error.code = 'EPUSHTARGETREFUSED';
            callback(error, '');
            return;
          }
        }
        if (options.all) callback(null, addresses);
        else if (addresses[0]) callback(null, addresses[0].address, addresses[0].family);
        else
          callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, ''));
  };
}

/** The connections Web Push goes out on: agents whose every connection passes the policy. */
export interface PushTransport {
  policy: PushTargetPolicy;
  http: http.Agent;
  https: https.Agent;
  close(): void;
}

export function createPushTransport(
  policy: PushTargetPolicy,
  lookup: Lookup = guardedLookup(policy),
): PushTransport {
  const options = { keepAlive: true, maxSockets: 16, lookup };
  const transport = {
    policy,
    http: new http.Agent(options),
    https: new https.Agent(options),
    close() {
      transport.http.destroy();
      transport.https.destroy();
    },
  };
  return transport;
}
