/** The page-type table is the spec's (storefront §2, S16): all 27 codes, each under the spec's name. */
import { describe, expect, it } from 'vitest';
import { PageType } from './page-types';

// Storefront spec §2, word for word.
const SPEC =
  'main content 1, page 2, splash page 3, content item 50, not found 100, error 101, search 102, lock screen 103, ' +
  'popup overlay 104, protected content 105, member area access denied 106, paywall 107, cart 200, checkout 201, ' +
  'order confirmed 202, donate 203, contribution confirmed 204, cart v2 205, subscription confirmed 206, order received 207, ' +
  'membership confirmed 208, reviews request 209, digital product composer preview 210, order status 211, ' +
  'newsletter unsubscribe 300, commerce email preview 301, sso page 400';

/** 'MemberAreaAccessDenied' → 'member area access denied', 'CartV2' → 'cart v2'. */
const specName = (key: string) => key.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();

describe('PageType', () => {
  it('has every code of the spec under its name, and no other', () => {
    // A numeric enum also maps each code back to its name: the names are the string keys.
    const names = Object.keys(PageType).filter((key) => Number.isNaN(Number(key)));
    expect(names.map((key) => `${specName(key)} ${PageType[key as keyof typeof PageType]}`)).toEqual(SPEC.split(', '));
    expect(names).toHaveLength(27);
  });
});
