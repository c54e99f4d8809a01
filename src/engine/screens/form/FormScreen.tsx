import { useNavigate } from 'react-router-dom';
import type { EntitySchema, FormScreen as FormDef } from '../../../core/meta/types';
import { dataProvider } from '../../api/dataProvider';
import { useResource } from '../../controllers/resource/useResource';
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
  // a singleton (the hotel's parameters) is the active property's one row, found first
  const singleton = useResource(entity['x-db'].singleton ? `singleton:${entity.$id}` : null, (signal) =>
    dataProvider.getList(entity.$id, { limit: 1 }, signal),
  );
  const id = entity['x-db'].singleton
    ? singleton.data
      ? (singleton.data.rows[0]?.id ?? null)
      : undefined
    : params.id
      ? Number(params.id)
      : null;

  if (singleton.error) return <div className="alert alert-danger">{singleton.error}</div>;
  if (id === undefined) return <div className="skeleton" style={{ height: 300 }} aria-busy="true" />;
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
