import { describe, expect, it } from 'vitest';
import { pathOf, shouldRecord, type BeaconContext } from './eligibility';

const visit = (overrides: Partial<BeaconContext> = {}): BeaconContext => ({
  merchantRoles: null,
  trackingEnabled: true,
  path: '/shop',
  pageType: 1,
  isPageView: true,
  ...overrides,
});

describe('who and what is recorded', () => {
  it('records anonymous visitors and viewer-only merchants', () => {
    expect(shouldRecord(visit())).toBe(true);
    expect(shouldRecord(visit({ merchantRoles: [10] }))).toBe(true);
    expect(shouldRecord(visit({ merchantRoles: [1] }))).toBe(false);
    expect(shouldRecord(visit({ merchantRoles: [10, 4] }))).toBe(false);
  });

  it('never records with tracking off, in the editor, or on not-found, lock-screen and access-denied pages', () => {
    expect(shouldRecord(visit({ trackingEnabled: false }))).toBe(false);
    expect(shouldRecord(visit({ path: '/config' }))).toBe(false);
    expect(shouldRecord(visit({ path: '/config/analytics' }))).toBe(false);
    expect(shouldRecord(visit({ path: '/configure' }))).toBe(true);
    for (const pageType of [100, 103, 106]) expect(shouldRecord(visit({ pageType }))).toBe(false);
  });

  it('skips page views of /search but not other search beacons', () => {
    expect(shouldRecord(visit({ path: '/search' }))).toBe(false);
    expect(shouldRecord(visit({ path: '/search', isPageView: false }))).toBe(true);
  });

  it('reads the path of a path or an absolute URL, and / for anything unreadable', () => {
    expect(pathOf('https://shop.example/shop/p/x?y=1')).toBe('/shop/p/x');
    expect(pathOf('/blog')).toBe('/blog');
    expect(pathOf('http://[')).toBe('/');
  });
});
