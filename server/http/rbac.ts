import type { FastifyRequest } from 'fastify';
import type { AppContext, AuthInfo } from '../context.js';
import { requestLang } from '../i18n/translate.js';
import { forbidden } from './errors.js';
import { requireAuth } from './session.js';

export function hasRight(auth: AuthInfo, resource: string, action: string): boolean {
  return auth.user.isAdmin || auth.rights.has(`${resource}:${action}`);
}

/** Throws a readable 403 unless the signed-in user's group holds the right. */
export function requireRight(ctx: AppContext, req: FastifyRequest, resource: string, action: string): AuthInfo {
  const auth = requireAuth(req);
  if (!hasRight(auth, resource, action)) {
    const lang = requestLang(req.headers['accept-language']);
    throw forbidden('error.forbidden', {
      action: ctx.actionName(resource, action, lang),
      resource: ctx.resourceName(resource, lang),
    });
  }
  return auth;
}

/** A right a route needs: the tag its preValidation check carries, read by the generic permission tests. */
export interface RouteRight {
  resource: string;
  action: string;
}

export type RightCheck = ((req: FastifyRequest) => Promise<void>) & { rights: RouteRight[] };

/**
 * The same check as a route's preValidation hook: a user without the right gets the 403 before their
 * input is validated, so a refused request never learns the shape of the data behind it.
 */
export function needsRight(ctx: AppContext, resource: string, action: string): RightCheck {
  return needsAnyRight(ctx, [{ resource, action }]);
}

/** A preValidation check passed by any one of the rights (the first is named in the 403). */
export function needsAnyRight(ctx: AppContext, rights: RouteRight[]): RightCheck {
  const check = async (req: FastifyRequest) => {
    const auth = requireAuth(req);
    if (!rights.some((r) => hasRight(auth, r.resource, r.action))) requireRight(ctx, req, rights[0].resource, rights[0].action);
  };
  return Object.assign(check, { rights });
}
