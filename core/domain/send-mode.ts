// Which mode a new send starts in: test until the service has verified the organization (a live send would be
// refused with organization_not_verified), live after.

export type SendMode = 'test' | 'live';

export function defaultSendMode(verified: boolean): SendMode {
  return verified ? 'live' : 'test';
}
