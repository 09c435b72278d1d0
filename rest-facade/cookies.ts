// Session and CSRF cookies (DESIGN.md section 5): ujm_session is HttpOnly; ujm_csrf is read by the page.
import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'ujm_session';
export const CSRF_COOKIE = 'ujm_csrf';

export function readCookies(req: Request): Map<string, string> {
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

export function setSessionCookies(res: Response, token: string, csrf: string, expiresAt: Date, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax' as const, secure, expires: expiresAt };
  res.cookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
  res.cookie(CSRF_COOKIE, csrf, { ...common, httpOnly: false });
}

export function clearSessionCookies(res: Response, secure: boolean): void {
  const common = { path: '/', sameSite: 'lax' as const, secure };
  res.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  res.clearCookie(CSRF_COOKIE, common);
}
