/**
 * Layout-shift windows (engine spec §9, E128): shifts less than 1 s apart and within 5 s of the
 * window's first one add up; the performance collector's CLS is the largest window. The collector
 * takes CLS from `web-vitals` (onCLS), so this drives the library's own session logic with shifts.
 */
import { describe, expect, it } from 'vitest';
import { LayoutShiftManager } from '../../../node_modules/web-vitals/dist/modules/lib/LayoutShiftManager.js';

/** The session value after shifts of 0.1 at each start time (ms). */
function windowValue(startTimes: readonly number[]): number {
  const manager = new LayoutShiftManager();
  for (const startTime of startTimes)
    manager._processEntry({ startTime, value: 0.1, hadRecentInput: false } as LayoutShift);
  return Math.round(manager._sessionValue * 10) / 10;
}

describe('layout-shift windows', () => {
  it('join shifts less than 1 s apart, and start a new window after a 1 s gap', () => {
    expect(windowValue([0, 999])).toBe(0.2);
    expect(windowValue([0, 1000])).toBe(0.1);
  });

  it('end 5 s after their first shift however close the shifts are', () => {
    expect(windowValue([0, 900, 1800, 2700, 3600, 4500, 4999])).toBe(0.7);
    expect(windowValue([0, 900, 1800, 2700, 3600, 4500, 5000])).toBe(0.1);
  });
});
