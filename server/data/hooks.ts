import type { RawBuilder } from 'kysely';
import type { AuditSource } from '../http/audit.js';
import type { Db } from '../db/connect.js';
import type { AppContext, AuthInfo } from '../context.js';

export interface HookContext {
  trx: Db;
  /** the request, or a server flow's step acting for the user who started it */
  req: AuditSource;
  auth: AuthInfo;
  ctx: AppContext;
}

export type WriteMode = 'create' | 'update';

/**
 * Domain logic the generic data layer calls around its SQL, registered by server/domain/<module>.
 * The data layer itself knows nothing of hotels; an entity with rules (a user's password, a
 * reservation's dates) gets them here.
 */
export interface EntityHook {
  /** check and transform the values about to be stored (mutate `values`); `virtual` holds x-virtual fields */
  beforeWrite?(c: HookContext, mode: WriteMode, values: Record<string, unknown>, virtual: Record<string, unknown>, before?: Record<string, unknown>): Promise<void>;
  /** write what the row owns elsewhere (join tables) once the row exists */
  afterWrite?(c: HookContext, mode: WriteMode, row: Record<string, unknown>, virtual: Record<string, unknown>): Promise<void>;
  /** add virtual fields to rows being returned */
  decorate?(c: Omit<HookContext, 'trx'> & { trx: Db }, rows: Record<string, unknown>[]): Promise<void>;
  beforeDelete?(c: HookContext, row: Record<string, unknown>): Promise<void>;
  /** rows this user may read beyond the right itself (a SQL condition ANDed into lists and reads) */
  readScope?(auth: AuthInfo): RawBuilder<unknown> | undefined;
  /** named rules that narrow this entity's rows in other entities' lookups (x-refScope): rooms free for a stay */
  lookupScopes?: Record<string, LookupScope>;
  /** what a document's status action does besides changing the status (post a journal to the ledger), in its transaction */
  onStatus?(c: HookContext, action: string, row: Record<string, unknown>): Promise<void>;
}

export interface LookupScope {
  /** JSON Schema of the parameters (an object schema; they arrive from the client) */
  params: object;
  where(auth: AuthInfo, params: Record<string, unknown>): RawBuilder<unknown>;
}

export type EntityHooks = Map<string, EntityHook>;

/** Every module's hooks by entity, one each: a second module's hook for an entity would silently replace the first's checks. */
export function collectHooks(modules: { hooks?: Record<string, EntityHook> }[]): EntityHooks {
  const hooks: EntityHooks = new Map();
  const twice = new Set<string>();
  for (const [id, hook] of modules.flatMap((m) => Object.entries(m.hooks ?? {}))) {
    if (hooks.has(id)) twice.add(id);
    hooks.set(id, hook);
  }
  if (twice.size) throw new Error(`Entities hooked by two domain modules (merge their checks into one hook):\n  ${[...twice].join('\n  ')}`);
  return hooks;
}
