import { lazy, Suspense } from 'react';
import type { Row } from '../../api/dataProvider';
import type { EntitySchema, FormScreen } from '../../../core/meta/types';
import { useI18n } from '../../i18n/i18n';
import type { ScreenBundle } from '../screenStore';

const EntityForm = lazy(() => import('./EntityForm'));

/**
 * A form screen's bundle opened as a drawer beside a custom master–detail screen (groups, packages):
 * after a save the list reloads and the saved row is selected; after a delete the first row is.
 */
export function BundleFormDrawer({
  bundle,
  id,
  resource,
  onClose,
  reload,
  select,
}: {
  bundle: ScreenBundle;
  id: number | null;
  resource?: string;
  onClose(): void;
  reload(): Promise<Row[]>;
  select(row: Row | undefined): void;
}) {
  const { t } = useI18n();
  const form = bundle.screen as FormScreen;
  return (
    <Suspense fallback={null}>
      <EntityForm
        entity={bundle.entities[form.entity] as EntitySchema}
        form={form}
        id={id}
        resource={resource}
        title={t(form.title)}
        onClose={onClose}
        onSaved={async (row, created) => {
          const rows = await reload();
          select(rows.find((r) => r.id === row.id));
          if (created) onClose();
        }}
        onDeleted={async () => {
          onClose();
          select((await reload())[0]);
        }}
      />
    </Suspense>
  );
}
