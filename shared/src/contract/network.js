// @ts-check
/**
 * Addresses as servers of the site see them: the host's proxy and the API decide alike which
 * peer is a proxy on this machine (HOST_TRUST_PROXY and TRUST_PROXY set to loopback).
 */

/**
 * Whether a socket's peer address is this machine: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6
 * addresses (a dual-stack server sees an IPv4 peer as ::ffff:127.0.0.1).
 * @param {string} address
 * @returns {boolean}
 */
export function isLoopback(address) {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
