/**
 * Reading and writing the store's cookies (src/cookies.ts) in the request's mode: production
 * reads and writes only the `__Host-` names, always Secure with Path=/ and no Domain; development
 * only the plain names, without Secure (http://localhost).
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cookieName, type StoreCookie } from '../../cookies';
import { isDevelopment, type AppEnv } from './http';

export interface StoreCookieOptions {
  httpOnly?: boolean;
  sameSite: 'Lax' | 'Strict';
  maxAge?: number;
  expires?: Date;
}

export function storeCookieName(c: Context<AppEnv>, cookie: StoreCookie): string {
  return cookieName(cookie, !isDevelopment(c.env));
}

export function readStoreCookie(c: Context<AppEnv>, cookie: StoreCookie): string | undefined {
  return getCookie(c, storeCookieName(c, cookie));
}

export function setStoreCookie(
  c: Context<AppEnv>,
  cookie: StoreCookie,
  value: string,
  options: StoreCookieOptions,
): void {
  setCookie(c, storeCookieName(c, cookie), value, { ...options, path: '/', secure: !isDevelopment(c.env) });
}

export function deleteStoreCookie(c: Context<AppEnv>, cookie: StoreCookie): void {
  deleteCookie(c, storeCookieName(c, cookie), { path: '/', secure: !isDevelopment(c.env) });
}
