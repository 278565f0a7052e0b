import { describe, expect, it } from 'vitest';
import { isLoopback } from './index.js';

describe('isLoopback', () => {
  it('knows this machine by IPv4, IPv6 and IPv4-mapped IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '127.255.255.255',
      '::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopback(address), address).toBe(true);
    }
  });

  it('takes no other address, nor a name, for this machine', () => {
    for (const address of [
      '',
      'localhost',
      '128.0.0.1',
      '10.127.0.1',
      '127.0.0',
      '127.0.0.1.example.com',
      '::2',
      '::ffff:10.0.0.1',
      '::ffff:::1',
      '0:0:0:0:0:0:0:1',
      '203.0.113.7',
    ]) {
      expect(isLoopback(address), address).toBe(false);
    }
  });
});
