// Session, CSRF and device cookies (DESIGN.md section 5), shared by every adapter: ujm_session is HttpOnly; ujm_csrf is
// read by the page; ujm_device (HttpOnly) marks a device a member signed in with. jshttp's `cookie` reads the Cookie
// header and writes each Set-Cookie line.
import type { IncomingMessage } from 'node:http';
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import { DEVICE_TTL_MS } from '../app/auth/devices.ts';
import { SET_COOKIE_HEADER } from './headers.ts';

/** What setting and clearing the cookies needs of a response: adding a header line (express's Response has it). */
export interface CookieJar {
  append(field: string, value: string): unknown;
}

export const SESSION_COOKIE = 'ujm_session';
export const CSRF_COOKIE = 'ujm_csrf';
export const DEVICE_COOKIE = 'ujm_device';

/** The request's cookies; of two with one name, the first, as browsers send the most specific cookie first. */
export function readCookies(req: Pick<IncomingMessage, 'headers'>): Map<string, string> {
  const jar = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(req.headers.cookie ?? ''))) if (value !== undefined) jar.set(name, value);
  return jar;
}

function setCookie(res: CookieJar, cookie: SetCookie): void {
  res.append(SET_COOKIE_HEADER, stringifySetCookie(cookie));
}

/**
 * A cookie that lasts ms: Max-Age in whole seconds, which a browser honours whatever its own clock says, and an
 * Expires as far ahead on the real clock for clients that know only Expires (the service's clock may be a test's).
 */
function lasting(ms: number): Pick<SetCookie, 'maxAge' | 'expires'> {
  return { maxAge: Math.floor(ms / 1000), expires: new Date(Date.now() + ms) };
}

/** A cleared cookie: empty, and expired since the epoch. */
const CLEARED = { value: '', expires: new Date(1) };

/**
 * The cookies last as long as the session (lifetimeMs) as a relative Max-Age: a browser or cookie jar honours
 * it whatever its own clock says, where an absolute Expires from the service's clock would not.
 */
export function setSessionCookies(res: CookieJar, token: string, csrf: string, lifetimeMs: number, secure: boolean): void {
  const common = { path: '/', ...lasting(Math.max(0, lifetimeMs)), secure, sameSite: 'lax' as const };
  setCookie(res, { name: SESSION_COOKIE, value: token, ...common, httpOnly: true });
  setCookie(res, { name: CSRF_COOKIE, value: csrf, ...common });
}

export function clearSessionCookies(res: CookieJar, secure: boolean): void {
  const common = { path: '/', ...CLEARED, secure, sameSite: 'lax' as const };
  setCookie(res, { name: SESSION_COOKIE, ...common, httpOnly: true });
  setCookie(res, { name: CSRF_COOKIE, ...common });
}

/** A signed-in session's cookies: they last as long as the session. */
export function startSessionCookies(res: CookieJar, session: { token: string; csrfToken: string; expiresAt: Date }, now: Date, secure: boolean): void {
  setSessionCookies(res, session.token, session.csrfToken, session.expiresAt.getTime() - now.getTime(), secure);
}

/**
 * The device cookie outlives sessions (a year from the last sign-in) and sign-out: only sign-in reads it, from
 * the site's own pages (SameSite=Strict), and no script does (HttpOnly).
 */
export function setDeviceCookie(res: CookieJar, token: string, secure: boolean): void {
  setCookie(res, { name: DEVICE_COOKIE, value: token, path: '/', ...lasting(DEVICE_TTL_MS), httpOnly: true, secure, sameSite: 'strict' });
}

/** Cookies are Secure when the service says so (SECURE_COOKIES) or the request came over HTTPS. */
export function cookiesSecure(configured: boolean, req: { secure: boolean }): boolean {
  return configured || req.secure;
}

/** The client address a sign-in's back-off counts against (behind TRUST_PROXY, express's req.ip). */
export function clientAddress(req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
