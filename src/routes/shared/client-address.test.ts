import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keys IPv4 addresses whole', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('203.0.113.8')).toBe('203.0.113.8');
  });

  it('keys IPv6 addresses by their /64, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:db8::1:0:0:0:9',
      '2001:db8:0:1:1:2:3.4.5.6',
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('keys IPv4-mapped IPv6 addresses as the IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('puts a missing or malformed address in the one shared bucket', () => {
    for (const address of [
      undefined,
      '',
      'crumb-of-my-choice',
      '1.2.3',
      '256.1.1.1',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      ':1:2:3:4:5:6:7',
      '12345::',
      '1:2:3:4:5:6:7:1.2.3.4',
    ]) {
      expect(addressKey(address), String(address)).toBe('unknown');
    }
  });
});
