import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { EntityHook } from '../data/hooks.js';
import type { OpDefinition } from '../ops/registry.js';
import type { ServerFlowImplementation } from '../flows/registry.js';

/** What a domain module contributes: hooks on its entities, commands, server flows' steps, and any read routes of its own. */
export interface DomainModule {
  hooks?: Record<string, EntityHook>;
  ops?: OpDefinition[];
  flows?: ServerFlowImplementation[];
  routes?(app: FastifyInstance, ctx: AppContext): Promise<void>;
}
