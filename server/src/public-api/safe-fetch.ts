import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound requests to addresses a caller chose (photo URLs, webhook targets) without letting them
 * reach inside our network (decision 044): `https` only; every address the name resolves to must be
 * public unicast (ipaddr.js ranges: no loopback, private, link-local, CGNAT, ULA, mapped or
 * reserved space), checked in the socket's own lookup so DNS rebinding cannot swap the address
 * after the check; each redirect is checked again; one deadline for the whole exchange; the body
 * is cut off past `maxBytes`. `allow` lists `host:port` pairs an operator trusts although private
 * (plain http allowed for them too), e.g. an intranet receiver; empty in production by default.
 */
export interface OutboundPolicy {
  allow: ReadonlySet<string>;
  timeoutMs: number;
  maxBytes: number;
}

export type OutboundRefusal = 'not_https' | 'private_address' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network';

export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Redirects to follow (each target checked again); 0 answers the 3xx itself. */
  maxRedirects: number;
}

/** Public unicast only; an IPv4-mapped IPv6 address is judged as the IPv4 address it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const refusedAddress = (host: string) => new OutboundRefused('private_address', `${host} is not a public internet address.`);

/** dns.lookup that fails unless every address of the name is public (the socket connects to what it returns). */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) return callback(refusedAddress(hostname));
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

function checkTarget(policy: OutboundPolicy, url: URL): { trusted: boolean } {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const trusted = policy.allow.has(`${host}:${port}`);
  if (!trusted && url.protocol !== 'https:') throw new OutboundRefused('not_https', 'Only https URLs are allowed.');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundRefused('not_https', 'Only https URLs are allowed.');
  if (url.username || url.password) throw new OutboundRefused('not_https', 'URLs with credentials are not allowed.');
  if (!trusted && net.isIP(host) && !isPublicAddress(host)) throw refusedAddress(host);
  return { trusted };
}

/** Checks a URL before it is stored (webhook endpoints, callback URLs): scheme and literal address. */
export function assertAllowedUrl(policy: OutboundPolicy, raw: string): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not_https', 'The URL is not valid.');
  }
  checkTarget(policy, url);
}

export async function safeRequest(policy: OutboundPolicy, rawUrl: string, init: OutboundRequest): Promise<OutboundResponse> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop++) {
    const response = await oneExchange(policy, url, init, deadline);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location && init.maxRedirects > 0) {
      if (hop >= init.maxRedirects) throw new OutboundRefused('too_many_redirects', 'The URL redirected too often.');
      url = new URL(location, url);
      continue;
    }
    return { ...response, url: url.toString() };
  }
}

function oneExchange(policy: OutboundPolicy, url: URL, init: OutboundRequest, deadline: AbortSignal): Promise<Omit<OutboundResponse, 'url'>> {
  const { trusted } = checkTarget(policy, url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (deadline.aborted) return reject(new OutboundRefused('timeout', 'The URL did not answer in time.'));
    const request = client.request(url, {
      method: init.method,
      headers: { 'user-agent': 'Raumwerk/1 (+https://raumwerk.app)', ...init.headers },
      ...(trusted ? {} : { lookup: publicOnlyLookup as never }),
      // No keep-alive pool: every request resolves and checks its own address.
      agent: false,
    });
    const onAbort = () => request.destroy(new OutboundRefused('timeout', 'The URL did not answer in time.'));
    deadline.addEventListener('abort', onAbort, { once: true });
    const done = () => deadline.removeEventListener('abort', onAbort);
    request.on('error', (err) => {
      done();
      reject(err instanceof OutboundRefused ? err : new OutboundRefused('network', `The URL could not be reached (${(err as NodeJS.ErrnoException).code ?? err.message}).`));
    });
    request.on('response', (response) => {
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > policy.maxBytes) return request.destroy(tooLarge(policy));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > policy.maxBytes) return request.destroy(tooLarge(policy));
        chunks.push(chunk);
      });
      response.on('error', () => {});
      response.on('end', () => {
        done();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
    });
    request.end(init.body);
  });
}

const tooLarge = (policy: OutboundPolicy) => new OutboundRefused('too_large', `The response is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB.`);

/** The policy from configuration (API_OUTBOUND_*); `maxBytes` is the largest answer read. */
export function outboundPolicyOf(config: { API_OUTBOUND_ALLOW: string[]; API_OUTBOUND_TIMEOUT_MS: number }, maxBytes = 1024 * 1024): OutboundPolicy {
  return { allow: new Set(config.API_OUTBOUND_ALLOW), timeoutMs: config.API_OUTBOUND_TIMEOUT_MS, maxBytes };
}
