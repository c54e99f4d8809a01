/** What crosses the wire between the API and the client, declared once for both sides. */

/** The signed-in user as the server knows them and tells the client. */
export interface SignedInUser {
  id: number;
  username: string;
  fullName: string;
  email: string | null;
  groupId: number;
  isAdmin: boolean;
  language: 'en' | 'id';
  mustChangePassword: boolean;
}

/** What the client keeps of a session: who, where, what they may do; never the session secret (an HttpOnly cookie). */
export interface SessionPayload {
  user: SignedInUser;
  csrfToken: string;
  branchId: number;
  branches: { id: number; code: string; name: string; city: string | null }[];
  rights: string[];
  expiresAt: string | null;
  /** where the user lands after signing in: their group's main module (its dashboard), else /dashboard */
  home: string;
}

/** The one error shape of the API: { error: { code, message, fields? } }. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
}

/**
 * The page's chosen language, also kept in this cookie so /api/meta/labels (preloaded by index.html
 * before any script runs) answers in it without a parameter.
 */
export const LANG_COOKIE = 'hotelier_lang';
