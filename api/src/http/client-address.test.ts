import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts every IPv6 address of one /64 as one client, however it is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:1234:5678:9abc:def0',
      '2001:db8:1:2:a::b',
      '2001:db8:1:2::192.0.2.7',
    ]) {
      expect(clientAddressKey(other), other).toBe(key);
    }
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::FFFF:c000:0207')).toBe('192.0.2.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientAddressKey('')).toBe('');
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
