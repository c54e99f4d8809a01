import type { Condition } from '../meta/types';

export interface ConditionContext {
  data: Record<string, unknown>;
  mode: 'create' | 'edit';
}

/** Evaluates a visibleWhen/requiredWhen/readonlyWhen condition: plain data, one pure function, never eval. */
export function evaluate(condition: Condition | undefined, ctx: ConditionContext): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((c) => evaluate(c, ctx));
  if ('any' in condition) return condition.any.some((c) => evaluate(c, ctx));
  if ('not' in condition) return !evaluate(condition.not, ctx);
  if ('mode' in condition) return ctx.mode === condition.mode;
  const { name, equals, in: oneOf, empty } = condition.field;
  const value = ctx.data[name];
  if (empty !== undefined) {
    const isEmpty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    return empty ? isEmpty : !isEmpty;
  }
  if (oneOf) return oneOf.includes(value);
  if (equals !== undefined) return value === equals || (equals === false && value == null);
  return Boolean(value);
}
