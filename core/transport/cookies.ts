// Session, CSRF and device cookies (DESIGN.md section 5), shared by every adapter: ujm_session is HttpOnly; ujm_csrf is
// read by the page; ujm_device (HttpOnly) marks a device a member signed in with.
import type { IncomingMessage } from 'node:http';
import { DEVICE_TTL_MS } from '../app/auth/devices.ts';

/** What setting and clearing the cookies needs of a response (express's Response has it). */
export interface CookieJar {
  cookie(name: string, value: string, options: object): unknown;
  clearCookie(name: string, options: object): unknown;
}

export const SESSION_COOKIE = 'ujm_session';
export const CSRF_COOKIE = 'ujm_csrf';
export const DEVICE_COOKIE = 'ujm_device';

export function readCookies(req: Pick<IncomingMessage, 'headers'>): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    // The first value wins, as browsers send the most specific cookie first.
    if (!jar.has(name)) {
      try {
        jar.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
      } catch {
        jar.set(name, part.slice(eq + 1).trim());
      }
    }
  }
  return jar;
}

/**
 * The cookies last as long as the session (lifetimeMs) as a relative Max-Age: a browser or cookie jar honours
 * it whatever its own clock says, where an absolute Expires from the service's clock would not.
 */
export function setSessionCookies(res: CookieJar, token: string, csrf: string, lifetimeMs: number, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax' as const, secure, maxAge: Math.max(0, lifetimeMs) };
  res.cookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  res.cookie(CSRF_COOKIE, csrf, { ...common, httpOnly: false });
}

export function clearSessionCookies(res: CookieJar, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax' as const, secure };
  res.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  res.clearCookie(CSRF_COOKIE, common);
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
  res.cookie(DEVICE_COOKIE, token, { path: '/', sameSite: 'strict', secure, httpOnly: true, maxAge: DEVICE_TTL_MS });
}

/** Cookies are Secure when the service says so (SECURE_COOKIES) or the request came over HTTPS. */
export function cookiesSecure(configured: boolean, req: { secure: boolean }): boolean {
  return configured || req.secure;
}

/** The client address a sign-in's back-off counts against (behind TRUST_PROXY, express's req.ip). */
export function clientAddress(req: { ip?: string | undefined; socket: { remoteAddress?: string | undefined } }): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
