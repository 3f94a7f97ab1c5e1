/**
 * The interface constants of engine spec §9 ("Limits"), each named alone so a browser bundle carries only the ones it
 * reads. Most name Squarespace's own editor behaviours (its scroll handler, popovers, slider, element waits, tweens,
 * scroll animation and a debugging dot); this store has none of those screens, so only the query-string parser's key
 * limit is read (src/beacon/form.ts). The shopper-facing timings of the same list live where they act: the cart
 * popover's 3000 ms (CartPill POPOVER_MS) and the dialogs' 0.3 s animation (themes/default/theme.css).
 */

/** Scroll handler throttle. */
export const SCROLL_THROTTLE_MS = 100;
/** Popover offsets. */
export const POPOVER_OFFSET_PX = 33;
export const POPOVER_OFFSET_SMALL_PX = 16;
/** Default slider aspect ratio. */
export const DEFAULT_SLIDER_ASPECT_RATIO = 50;
/** Breakpoints: mobile up to 432 px, desktop from 433 px. */
export const MOBILE_MAX_WIDTH_PX = 432;
export const DESKTOP_MIN_WIDTH_PX = 433;
/** Element wait timeout, and the settle time after it. */
export const ELEMENT_WAIT_TIMEOUT_MS = 3000;
export const ELEMENT_WAIT_SETTLE_MS = 100;
/** Default tween. */
export const DEFAULT_TWEEN_MS = 300;
/** Scroll animation duration and offset. */
export const SCROLL_ANIMATION_MS = 50;
export const SCROLL_ANIMATION_OFFSET_PX = 30;
/** Query-string parser key limit: pairs after the 1000th are dropped. */
export const QUERY_STRING_KEY_LIMIT = 1000;
/** Mouse debug dot size. */
export const MOUSE_DEBUG_DOT_PX = 50;
