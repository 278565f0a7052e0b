import { isIP } from 'node:net';

/**
 * The key every per-address limit counts a client by (the flood limit, magic links, social
 * sign-ins). An IPv6 client is its /64: a home or a server usually gets a whole /64 and may use
 * any address in it, so keyed by the full address it would pass every limit by rotating. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.7`, what a dual-stack socket reports) is its IPv4
 * address, so one client is one key whichever way it connected.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIP(address) !== 6) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, dotted.index);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const halves = text.split('::');
  if (halves.length !== 2) return [...parse(text), ...tail];
  const left = parse(halves[0] ?? '');
  const right = [...parse(halves[1] ?? ''), ...tail];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
