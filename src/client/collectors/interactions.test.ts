import { describe, expect, it } from 'vitest';
import { SlowestInteractions } from './interactions';

describe('SlowestInteractions', () => {
  it('keeps the 10 slowest, one duration per interaction (its longest event)', () => {
    const slowest = new SlowestInteractions(10);
    for (let id = 1; id <= 30; id++) slowest.add(id, id * 10);
    slowest.add(25, 5); // a shorter event of a kept interaction changes nothing
    slowest.add(3, 1000); // a dropped interaction's longer event comes back in
    expect(slowest.durations()).toEqual([1000, 300, 290, 280, 270, 260, 250, 240, 230, 220]);
  });
});
