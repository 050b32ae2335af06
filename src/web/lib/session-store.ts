import { useSyncExternalStore } from 'react';
import type { Session, User } from '@contract/auth';
import { apiGet } from '@/lib/api-client';

// Who is signed in, for the header, without TanStack Query: the home page's first load then carries no
// query library (DESIGN section 8: 100 KB gzip). undefined until GET /api/session answers. Once the query
// layer is loaded (lib/query-layer.tsx) it follows the user query, which login, register and sign-out set.
let current: User | null | undefined;
const listeners = new Set<() => void>();

export const getSessionUser = () => current;

// This tab is signing out on purpose (app/use-sign-out.ts), from the click until 'Signed out' shows: a 401
// meanwhile is that sign-out's doing, not a session that ended elsewhere (lib/session-expiry.ts ignores it).
let signingOut = false;
export const isSigningOut = () => signingOut;
export function setSigningOut(on: boolean) {
  signingOut = on;
}

export function setSessionUser(user: User | null) {
  if (user === current) return;
  current = user;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Asks GET /api/session once at start; a failed request leaves the user unknown (shown as signed out). */
export function probeSession() {
  apiGet<Session>('/api/session').then(
    (session) => current === undefined && setSessionUser(session.user),
    () => undefined,
  );
}

export const useSessionUser = () => useSyncExternalStore(subscribe, getSessionUser);
