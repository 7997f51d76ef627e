import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  private: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/** `::ffff:10.0.0.1` (how node reports IPv4 on a dual-stack socket) → `10.0.0.1`. */
const plain = (addr: string) => addr.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/^\[(.*)\]$/, '$1');

/** The set of proxies whose X-Forwarded-For is believed: addresses, CIDRs, `loopback`, `private`. */
export function proxyList(entries: string[]): (addr: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const raw of entries) {
    const e = raw.trim();
    if (!e) continue;
    for (const [net, prefix, type] of NAMED[e] ?? []) {
      list.addSubnet(net, prefix, type);
      any = true;
    }
    if (NAMED[e]) continue;
    const [addr, bits] = e.split('/');
    const type = isIP(plain(addr)) === 6 ? 'ipv6' : isIP(plain(addr)) === 4 ? 'ipv4' : null;
    if (!type) throw new Error(`TRUST_PROXY: "${e}" is not an address, a CIDR, "loopback" or "private"`);
    if (bits !== undefined) list.addSubnet(plain(addr), Number(bits), type);
    else list.addAddress(plain(addr), type);
    any = true;
  }
  return (addr) => {
    if (!any) return false;
    const a = plain(addr);
    const type = isIP(a);
    return type !== 0 && list.check(a, type === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address. The socket's peer, unless that peer is a configured
 * proxy: then X-Forwarded-For is read from the right (the entries our own
 * proxies appended) and the first address that is not one of them is the
 * client. Entries to its left were written by the client and prove nothing.
 */
export function clientAddressOf(peer: string | undefined, forwardedFor: string | undefined, trusted: (addr: string) => boolean): string | null {
  if (!peer) return null;
  let addr = plain(peer);
  if (!trusted(addr) || !forwardedFor) return addr;
  const hops = forwardedFor.split(',').map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isIP(hops[i])) return addr; // garbage in the chain: stop at the last address we can vouch for
    addr = hops[i];
    if (!trusted(addr)) return addr;
  }
  return addr;
}

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };
/** The socket's peer, as @hono/node-server hands it over (`c.env.incoming`, or `c.env.server.incoming`). */
export const peerOf = (c: Context) => {
  const env = c.env as (NodeBindings & { server?: NodeBindings }) | undefined;
  return (env?.server ?? env)?.incoming?.socket?.remoteAddress;
};

/** Sets `clientAddress` (null for an in-process request such as `app.request()` in tests). */
export function clientAddress(trustedProxies: string[]): MiddlewareHandler<AppEnv> {
  const trusted = proxyList(trustedProxies);
  return async (c, next) => {
    c.set('clientAddress', clientAddressOf(peerOf(c), c.req.header('x-forwarded-for'), trusted));
    await next();
  };
}
