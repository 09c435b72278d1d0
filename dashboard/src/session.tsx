// The signed-in member (auth.me) for every page: who they are, their organization, and what they may do.
import { createContext, useContext, type ReactNode } from 'react';
import type { Outputs } from './trpc.ts';

export type Me = Outputs['auth']['me'];
export type Permission = Me['member']['permissions'][number];

const SessionContext = createContext<Me | null>(null);

export function SessionProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

export function useSession(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useSession is used outside a signed-in page');
  return me;
}

/**
 * Whether the member's role has a permission (null: any member). Menus and buttons follow it; the server checks
 * every call regardless.
 */
export function useCan(): (permission: Permission | null) => boolean {
  const { permissions } = useSession().member;
  return (permission) => permission === null || permissions.includes(permission);
}
