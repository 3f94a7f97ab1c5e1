import { describe, expect, it } from 'vitest';
import { addToSketch, emptySketch, SKETCH_REGISTERS, sketchEstimate } from './visitor-sketch';

describe('visitor sketch', () => {
  it('counts a few visitors exactly and ignores repeats', () => {
    const sketch = emptySketch();
    expect(sketchEstimate(sketch)).toBe(0);
    for (const id of ['a', 'b', 'c', 'a', 'b']) addToSketch(sketch, id);
    expect(sketchEstimate(sketch)).toBe(3);
    expect(addToSketch(sketch, 'c')).toBe(false);
  });

  it('estimates many visitors within 5% in a fixed 1 KB', () => {
    for (const n of [500, 5_000, 100_000]) {
      const sketch = emptySketch();
      for (let i = 0; i < n; i++) addToSketch(sketch, `${i.toString(36)}-${(i * 7919).toString(16)}`);
      expect(sketch.byteLength).toBe(SKETCH_REGISTERS);
      expect(Math.abs(sketchEstimate(sketch) - n) / n, String(n)).toBeLessThan(0.05);
    }
  });
});
