import { createStore, useStore } from '../store';
import type { SessionPayload } from '../../core/api/contract';
import type { EntitySchema } from '../../core/meta/types';

export type Session = SessionPayload;

/** The non-secret login marker the spec's shell gate reads from local storage. */
const MARKER_KEY = 'hotelier.login';
export interface LoginMarker {
  username: string;
  expiresAt: string | null;
}

export const sessionStore = createStore<Session | null>(null);

export function readMarker(): LoginMarker | null {
  try {
    const m = JSON.parse(localStorage.getItem(MARKER_KEY) ?? 'null') as LoginMarker | null;
    if (m && m.expiresAt && new Date(m.expiresAt).getTime() < Date.now()) return null;
    return m;
  } catch {
    return null;
  }
}

export function startSession(s: Session) {
  localStorage.setItem(MARKER_KEY, JSON.stringify({ username: s.user.username, expiresAt: s.expiresAt } satisfies LoginMarker));
  sessionStore.set(s);
}

export function endSession() {
  localStorage.removeItem(MARKER_KEY);
  sessionStore.set(null);
}

/** Client-side right check, for showing buttons; the server checks every call again. */
export function hasRight(session: Session | null, resource: string | undefined, action = 'view'): boolean {
  if (!resource) return Boolean(session);
  if (!session) return false;
  return session.user.isAdmin || session.rights.includes('*') || session.rights.includes(`${resource}:${action}`);
}

/** Fields of an entity this user may not read (x-read-right): the server sends them empty, so screens leave them out. */
export function unreadableFields(session: Session | null, entity: EntitySchema): string[] {
  return Object.entries(entity.properties)
    .filter(([, f]) => f['x-read-right'] && !hasRight(session, entity['x-permission'], f['x-read-right']))
    .map(([name]) => name);
}

export function useSession() {
  return useStore(sessionStore);
}
