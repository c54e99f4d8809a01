import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EntitySchema, FormScreen as FormDef } from '../../../core/meta/types';
import { dataProvider } from '../../api/dataProvider';
import { useI18n } from '../../i18n/i18n';
import type { ScreenProps } from '../kinds';
import EntityForm from './EntityForm';

/**
 * A form on its own route: `/…/{id?}` edits that row or creates one; a singleton entity (the hotel's
 * parameters) always edits the active property's row.
 */
export default function FormScreen({ bundle, route, params }: ScreenProps) {
  const def = bundle.screen as FormDef;
  const entity = bundle.entities[def.entity] as EntitySchema;
  const navigate = useNavigate();
  const { t } = useI18n();
  const [id, setId] = useState<number | null | undefined>(entity['x-db'].singleton ? undefined : params.id ? Number(params.id) : null);

  useEffect(() => {
    if (!entity['x-db'].singleton) return;
    void dataProvider.getList(entity.$id, { limit: 1 }).then((r) => setId(r.rows[0]?.id ?? null));
  }, [entity]);

  if (id === undefined) return <div className="skeleton" style={{ height: 300 }} />;
  return (
    <EntityForm
      key={id ?? 'new'}
      entity={entity}
      form={def}
      id={id}
      layout="page"
      resource={route.node.permission}
      title={t(def.title)}
      onClose={() => navigate(-1)}
      onSaved={(row, created) => {
        if (created && route.fullPath.includes('{id?}')) navigate(route.fullPath.replace('{id?}', String(row.id)), { replace: true });
      }}
    />
  );
}
