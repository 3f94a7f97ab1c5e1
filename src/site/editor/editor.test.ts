import { describe, expect, it, vi } from 'vitest';
import { calendarLink } from './calendar-link';
import { colourWeight, isDarkColour, parseHexColour } from './colour';
import { CommercePreferences, REFETCH_EVENT_PREFIX } from './commerce-preferences';
import { formatFileSize } from './file-size';
import { galleryOptions, GALLERY_DEFAULTS, withDesign } from './gallery-options';
import { durationText, relativeTimeText } from './time-text';

describe('editor helpers', () => {
  it('parses hex colours of 3 or 6 digits and weighs them', () => {
    expect(parseHexColour('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHexColour('027AFF')).toEqual({ r: 2, g: 122, b: 255 });
    expect(parseHexColour('#ffff')).toBeNull();
    expect(colourWeight('#FFB802')).toBe('light');
    expect(colourWeight('#027AFF')).toBe('dark');
    expect(colourWeight('nope')).toBeNull();
    expect(isDarkColour('#000')).toBe(true);
    expect(isDarkColour('#fff')).toBe(false);
  });

  it('formats file sizes in base 1024 from Bytes to YB', () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(1024 ** 9)).toBe('1024 YB');
  });

  it('fills gallery defaults, clamps to the bounds and applies design presets', () => {
    expect(galleryOptions({})).toEqual(GALLERY_DEFAULTS);
    const clamped = galleryOptions({
      'autoplay-duration': 30,
      'thumbnail-strip-height': -5,
      'thumbnails-per-row': 12,
      padding: 80,
      'max-width': 50,
      'thumbnail-strip-margin': 61,
    });
    expect(clamped).toMatchObject({
      'autoplay-duration': 10,
      'thumbnail-strip-height': 0,
      'thumbnails-per-row': 10,
      padding: 50,
      'max-width': 100,
      'thumbnail-strip-margin': 60,
    });
    const slideshow = withDesign(galleryOptions({ autoplay: true }), 'slideshow');
    expect(slideshow).toMatchObject({ thumbnails: true, autoplay: true });
    expect(withDesign(slideshow, 'carousel')).toMatchObject({ thumbnails: false, autoplay: true });
    expect(withDesign(slideshow, 'grid')).toMatchObject({ thumbnails: false, autoplay: false });
    expect(withDesign(slideshow, 'stacked')).toMatchObject({ thumbnails: false, autoplay: false });
  });

  it('builds calendar links with compact UTC dates and the location joined by commas', () => {
    const link = calendarLink({
      text: 'Pottery class',
      startMs: Date.UTC(2026, 10, 28, 15, 0, 0),
      endMs: Date.UTC(2026, 10, 28, 17, 30, 0),
      locationLines: ['12 Market Street', '', 'San Francisco'],
    });
    expect(link).toBe(
      'https://www.google.com/calendar/event?action=TEMPLATE&text=Pottery+class&dates=20261128T150000Z/20261128T173000Z&location=12+Market+Street%2C+San+Francisco',
    );
  });

  it('words relative times and durations', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(relativeTimeText(now - 30_000, now)).toBe('less than a minute ago');
    expect(relativeTimeText(now - 3 * 86_400_000, now)).toBe('about 3 days ago');
    expect(relativeTimeText(now - 45 * 86_400_000, now)).toBe('about a month ago');
    expect(relativeTimeText(now - 400 * 86_400_000, now)).toBe('about a year ago');
    expect(durationText(125_000)).toBe('2:05');
  });

  it('caches commerce preferences, refetches on the event, skips unchanged saves and reports failures', async () => {
    const events = new EventTarget();
    const store: Record<string, Record<string, unknown>> = { checkout: { express: false } };
    // The server answers with the websiteId, as the spec's response has it.
    const transport = {
      get: vi.fn(async (ns: string) => ({ websiteId: 'w1', ...store[ns] })),
      put: vi.fn(async (ns: string, p: Record<string, unknown>) => void (store[ns] = p)),
    };
    const report = vi.fn();
    const prefs = new CommercePreferences(transport, report, events, ['checkout']);
    expect(await prefs.get('checkout')).toEqual({ express: false });
    await prefs.get('checkout');
    expect(transport.get).toHaveBeenCalledTimes(1);
    expect(await prefs.save('checkout', { express: false })).toBe(false);
    expect(await prefs.save('checkout', { express: true })).toBe(true);
    expect(transport.put).toHaveBeenCalledTimes(1);
    events.dispatchEvent(new Event(`${REFETCH_EVENT_PREFIX}checkout`));
    await prefs.get('checkout');
    expect(transport.get).toHaveBeenCalledTimes(2);
    transport.put.mockRejectedValueOnce(new Error('offline'));
    await expect(prefs.save('checkout', { express: 'maybe' })).rejects.toThrow('offline');
    expect(report).toHaveBeenCalledWith(expect.any(Error), "saving commerce preferences 'checkout'");
  });
});
