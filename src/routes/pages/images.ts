/**
 * Demo store images, drawn as SVG from the image name (no network, no stored binaries): a tinted
 * background, a simple shape and the name as a caption. Cached for a year (the name is stable).
 */
import { Hono } from 'hono';
import { NOT_FOUND } from '../../http/messages';

const PALETTE = ['#e9d8c4', '#cfd8dc', '#d7e3d1', '#f1d3c8', '#d9d3ea', '#f3e5ab', '#c8dde5', '#e6cfd9'];
const INK = ['#7a4e2d', '#37474f', '#3d6b35', '#a3412b', '#5b4a8a', '#8a6d00', '#2f6a7d', '#8a3b5c'];

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0;
  return h;
}

function demoImage(name: string): string {
  const h = hash(name);
  const bg = PALETTE[h % PALETTE.length] as string;
  const ink = INK[h % INK.length] as string;
  const label = name.replace(/-/g, ' ').replace(/\b\w/g, (ch) => ch.toUpperCase());
  const shape =
    h % 3 === 0
      ? `<circle cx="500" cy="430" r="220" fill="${ink}" opacity=".85"/>`
      : h % 3 === 1
        ? `<rect x="290" y="220" width="420" height="420" rx="40" fill="${ink}" opacity=".85"/>`
        : `<path d="M500 190 L740 650 L260 650 Z" fill="${ink}" opacity=".85"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000" width="1000" height="1000" role="img" aria-label="${label}">` +
    `<rect width="1000" height="1000" fill="${bg}"/>${shape}` +
    `<text x="500" y="840" font-family="system-ui, sans-serif" font-size="64" text-anchor="middle" fill="${ink}">${label}</text></svg>`
  );
}

export const images = new Hono();

images.get('/images/demo/:file', (c) => {
  const match = /^([a-z0-9-]{1,80})\.svg$/.exec(c.req.param('file'));
  if (match === null) return c.text(NOT_FOUND, 404);
  return c.body(demoImage(match[1] as string), 200, {
    'content-type': 'image/svg+xml',
    'cache-control': 'public, max-age=31536000, immutable',
  });
});
