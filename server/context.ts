import type { Config } from './config.js';
import type { SignedInUser } from '../src/core/api/contract.js';
import type { Db } from './db/connect.js';
import type { Meta } from './meta/load.js';
import type { Mailer } from './auth/mailer.js';
import type { EntityHooks } from './data/hooks.js';
import type { EntityModel } from './data/entityModel.js';
import type { WorkQueue } from './work/workQueue.js';

/** What every route module receives: settings, the database, the loaded definitions and the domain hooks. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  meta: Meta;
  /** what the data layer derived from each entity schema */
  models: Map<string, EntityModel>;
  mailer: Mailer;
  hooks: EntityHooks;
  /** heavy work (reports, exports, imports, batch jobs) waits here for a slot and runs in the heavy lane */
  work: WorkQueue;
  /** names a permission resource (from routes.json) for readable 403s */
  resourceName(resource: string, lang: 'en' | 'id'): string;
  /** names an action on a resource: view/create/edit/delete or one of the route's ops */
  actionName(resource: string, action: string, lang: 'en' | 'id'): string;
}

/** The signed-in user (the same shape the client receives). */
export type AuthUser = SignedInUser;

export interface AuthInfo {
  user: AuthUser;
  sessionId: number;
  csrfToken: string;
  /** the branch this request acts on: the x-branch-id header when granted, else the session's */
  branchId: number;
  branchIds: number[];
  rights: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthInfo;
  }
  interface FastifyContextConfig {
    /** open without a session (sign-in, public pages) */
    public?: boolean;
    /** allowed while the user must still change a default password */
    duringPasswordChange?: boolean;
    /** acts on the session itself, not on a property: an x-branch-id header is ignored */
    sessionOnly?: boolean;
    /** the entity whose field labels name this route's input fields in error messages ('system/user') */
    labelsFrom?: string;
  }
}
