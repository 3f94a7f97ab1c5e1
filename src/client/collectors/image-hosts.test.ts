/** The image hosts the image metrics recognise (engine spec §9, E129). */
import { describe, expect, it } from 'vitest';
import { isMeasuredImage } from './image-hosts';

describe('image metrics', () => {
  it("measure the page's own images and the image CDN's, and no other host's", () => {
    const page = 'shop.example:8787';
    expect(isMeasuredImage('http://shop.example:8787/images/mug.jpg?w=500', page)).toBe(true);
    expect(isMeasuredImage('https://images.squarespace-cdn.com/content/v1/mug.jpg', page)).toBe(true);
    expect(isMeasuredImage('https://shop.example/images/mug.jpg', page)).toBe(false);
    expect(isMeasuredImage('https://cdn.other.example/mug.jpg', page)).toBe(false);
    expect(isMeasuredImage('', page)).toBe(false);
  });
});
