/** The interface constants of engine spec §9 against the spec's own sentence, copied word for word. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLIDER_ASPECT_RATIO,
  DEFAULT_TWEEN_MS,
  DESKTOP_MIN_WIDTH_PX,
  ELEMENT_WAIT_SETTLE_MS,
  ELEMENT_WAIT_TIMEOUT_MS,
  MOBILE_MAX_WIDTH_PX,
  MOUSE_DEBUG_DOT_PX,
  POPOVER_OFFSET_PX,
  POPOVER_OFFSET_SMALL_PX,
  QUERY_STRING_KEY_LIMIT,
  SCROLL_ANIMATION_MS,
  SCROLL_ANIMATION_OFFSET_PX,
  SCROLL_THROTTLE_MS,
} from './interface-constants';

// Engine spec §9, "Limits", the part after the cart popover, word for word.
const SPEC =
  'scroll handler throttle 100 ms; popover offsets 33px and 16px; default slider aspect ratio 50; bytes in MB 1,000,000; file sizes base 1024 from Bytes to YB; breakpoints mobile up to 432px, desktop from 433px; element wait timeout 3000 ms with 100 ms settle; default tween 300 ms; scroll animation duration 50 ms with 30px offset; query-string parser key limit 1000; mouse debug dot 50 pixels.';

describe('interface constants (E122)', () => {
  it("are the spec's numbers, each in its own phrase", () => {
    const phrases = [
      `scroll handler throttle ${SCROLL_THROTTLE_MS} ms`,
      `popover offsets ${POPOVER_OFFSET_PX}px and ${POPOVER_OFFSET_SMALL_PX}px`,
      `default slider aspect ratio ${DEFAULT_SLIDER_ASPECT_RATIO};`,
      `breakpoints mobile up to ${MOBILE_MAX_WIDTH_PX}px, desktop from ${DESKTOP_MIN_WIDTH_PX}px`,
      `element wait timeout ${ELEMENT_WAIT_TIMEOUT_MS} ms with ${ELEMENT_WAIT_SETTLE_MS} ms settle`,
      `default tween ${DEFAULT_TWEEN_MS} ms`,
      `scroll animation duration ${SCROLL_ANIMATION_MS} ms with ${SCROLL_ANIMATION_OFFSET_PX}px offset`,
      `query-string parser key limit ${QUERY_STRING_KEY_LIMIT};`,
      `mouse debug dot ${MOUSE_DEBUG_DOT_PX} pixels`,
    ];
    for (const phrase of phrases) expect(SPEC).toContain(phrase);
    expect(DESKTOP_MIN_WIDTH_PX).toBe(MOBILE_MAX_WIDTH_PX + 1);
  });
});
