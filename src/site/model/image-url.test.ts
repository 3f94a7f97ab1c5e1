import { describe, expect, it } from 'vitest';
import { isImageUrl } from './image-url';
import { fileUrl } from '../editor/files';

describe('what may name an image', () => {
  // The demo as a whole publishes in test/security/pages-and-headers.test.ts ("images").
  it('takes the demo and generated images, file-manager uploads and https images', () => {
    const named = [
      '/images/demo/linen-shirt.webp',
      '/images/demo/linen-shirt.svg',
      fileUrl({ id: '0abc123def4', rev: 2, name: "Bob's photo (1) ~final!.jpg" }),
      `${fileUrl({ id: 'f1', rev: 1, name: 'mug.webp' })}?w=750`,
      'https://images.cdn.example.com/mug.jpg',
      'https://images.squarespace-cdn.com/content/v1/5f2a/1600000000000-ABC/Linen+Shirt%20Blue.jpg?format=1500w',
    ];
    for (const url of named) expect(isImageUrl(url), url).toBe(true);
  });

  it('refuses what could leave an attribute or a CSS url(), other schemes and other hosts by path', () => {
    const hostile = [
      'x" style="position:fixed',
      '/x"onerror="alert(1)',
      "https://cdn.example.com/a.jpg' onerror='alert(1)",
      'https://cdn.example.com/a.jpg)";background:url(x',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'http://cdn.example.com/a.jpg',
      '//evil.example/a.jpg',
      '/\\evil.example/a.jpg',
      'https://cdn.example.com/a b.jpg',
      '/files/f1/1/a"b.jpg',
      './foo.jpg',
      '',
    ];
    for (const url of hostile) expect(isImageUrl(url), url).toBe(false);
  });
});
