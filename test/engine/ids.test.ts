import { describe, expect, it } from 'vitest';
import { randomHex, toHex } from '../../src/ids';

describe('hex identifiers', () => {
  it('writes every byte as two lowercase hex digits, in order', () => {
    expect(toHex(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe('00010f10abff');
    const all = toHex(Uint8Array.from({ length: 256 }, (_, i) => i));
    expect(all).toHaveLength(512);
    expect(all.match(/../g)?.map((pair) => Number.parseInt(pair, 16))).toEqual(
      Array.from({ length: 256 }, (_, i) => i),
    );
    expect(randomHex(32)).toMatch(/^[0-9a-f]{64}$/);
  });
});
