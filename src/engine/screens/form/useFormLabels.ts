import { useEffect, useMemo, type MutableRefObject } from 'react';
import type { EntitySchema, FormScreen } from '../../../core/meta/types';
import { useI18n } from '../../i18n/i18n';
import { enumLabel, fieldLabel } from '../list/FilterBar';
import { unreadableFields, useSession } from '../../session/session';
import { buildForm, type Labeler } from './buildForm';

/** An entity's field and choice labels in the reader's language, stable while the entity and language are. */
export function useFormLabels(entity: EntitySchema): Labeler {
  const { t, has } = useI18n();
  return useMemo(
    () => ({
      field: (name: string, explicit?: string) => fieldLabel(entity, name, t, has, explicit),
      enumValue: (name: string, value: unknown) => enumLabel(entity, name, value, t),
      t: (k: string) => t(k),
    }),
    [entity, t, has],
  );
}

/**
 * What rjsf renders for a form over an entity (a master's form, a document's header), rebuilt only when its
 * inputs change; `shown` learns the fields on screen so the record controller saves only those.
 */
export function useBuiltForm(
  entity: EntitySchema,
  form: FormScreen,
  values: Record<string, unknown>,
  mode: 'create' | 'edit',
  shown: MutableRefObject<Record<string, unknown>>,
) {
  const labels = useFormLabels(entity);
  const session = useSession();
  const unreadable = useMemo(() => unreadableFields(session, entity), [session, entity]);
  const built = useMemo(() => buildForm(entity, form, values, mode, labels, unreadable), [entity, form, values, mode, labels, unreadable]);
  useEffect(() => {
    shown.current = built.schema.properties;
  }, [built, shown]);
  return { labels, built };
}
