import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayHaveCart, readCookie, readStoreCookie } from './cookies';

function withCookies(cookie: string): void {
  vi.stubGlobal('document', { cookie });
}

describe('the store cookies in the page script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads a cookie whose value does not decode as absent, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    withCookies('SiteUserInfo=%E0%A4%A; CART=c');
    expect(readCookie('SiteUserInfo')).toBeNull();
    expect(warn).toHaveBeenCalledWith('The SiteUserInfo cookie does not parse; treated as empty');
    expect(readCookie('CART')).toBe('c');
  });

  it('reads the production (__Host-) cookie first, whichever order the browser lists them in', () => {
    withCookies(`crumb=${'a'.repeat(32)}; __Host-crumb=${'b'.repeat(32)}`);
    expect(readStoreCookie('crumb')).toBe('b'.repeat(32));
  });

  it('reads the development name when there is no __Host- cookie', () => {
    withCookies(`ss_cvr=x; crumb=${'a'.repeat(32)}`);
    expect(readStoreCookie('crumb')).toBe('a'.repeat(32));
    expect(readStoreCookie('cart')).toBeNull();
  });

  it('knows the visitor may have a cart from either name of the cart flag, a cart id set before the flag, or the signed-in cookie', () => {
    withCookies('');
    expect(mayHaveCart()).toBe(false);
    withCookies(`crumb=${'a'.repeat(32)}; ss_cvr=x`);
    expect(mayHaveCart()).toBe(false);
    for (const cookie of [
      '__Host-HasCart=1',
      'HasCart=1',
      '__Host-CART=c',
      'CART=c',
      '__Host-SiteUserInfo=%7B%7D',
      'SiteUserInfo=%7B%7D',
    ]) {
      withCookies(cookie);
      expect(mayHaveCart(), cookie).toBe(true);
    }
  });
});
