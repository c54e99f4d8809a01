import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import { Refusal } from '../../engine/screens/Refusal';
import { useI18n } from '../../engine/i18n/i18n';
import { hasRight, useSession } from '../../engine/session/session';
import { formatDateTime } from '../../core/format/format';
import { confirmDialog } from '../../shell/confirm';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import { SortableTable } from '../../widgets/SortableTable';
import type { ScreenProps } from '../../engine/screens/kinds';

interface Status {
  version: string;
  database: 'pglite' | 'postgres';
  applied: { id: string; appliedAt: string; checksum: string }[];
  pending: { id: string; checksum: string }[];
}

/** The application version and the database migrations: applied, and pending ones an administrator applies. */
export default function SystemUpdate({ route }: ScreenProps) {
  const { t } = useI18n();
  const session = useSession();
  const { data: status, error, load } = useResource('system/update', (signal) => dataProvider.read<Status>('system/update', {}, signal));
  const command = useCommand({ abortable: false });

  const apply = async () => {
    if (
      !(await confirmDialog({
        message: t('systemUpdate.applyConfirm'),
        okLabel: t('systemUpdate.apply', { count: status!.pending.length }),
      }))
    )
      return;
    const r = await command.run((signal) => dataProvider.write<{ applied: string[] }>('system/update/apply', {}, signal));
    if (!r) return;
    toast.success(t('systemUpdate.appliedNow', { ids: r.applied.join(', ') }));
    await load();
  };

  if (error) return <div className="alert alert-warning">{error}</div>;
  if (!status) return <div className="skeleton" style={{ height: 260 }} aria-busy="true" />;
  return (
    <div className="stack">
      <Refusal problem={command.problem} />
      <div className="tiles" style={{ marginBottom: 0 }}>
        <div className="tile tile-blue">
          <div className="tile-icon">
            <Icon name="box" />
          </div>
          <div>
            <div className="tile-value">{status.version}</div>
            <div className="tile-label">{t('systemUpdate.version')}</div>
          </div>
        </div>
        <div className="tile tile-teal">
          <div className="tile-icon">
            <Icon name="database" />
          </div>
          <div>
            <div className="tile-value">{status.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}</div>
            <div className="tile-label">{t('systemUpdate.database')}</div>
          </div>
        </div>
        <div className={`tile ${status.pending.length ? 'tile-yellow' : 'tile-green'}`}>
          <div className="tile-icon">
            <Icon name={status.pending.length ? 'alert' : 'check'} />
          </div>
          <div>
            <div className="tile-value">{status.pending.length}</div>
            <div className="tile-label">{t('systemUpdate.pending')}</div>
          </div>
        </div>
      </div>
      <div className="card">
        <div className="card-header">
          <h3>{t('systemUpdate.pending')}</h3>
          {status.pending.length > 0 && hasRight(session, route.node.permission, 'apply') && (
            <button type="button" className="btn btn-primary" onClick={() => void apply()}>
              <Icon name="download" size="sm" /> {t('systemUpdate.apply', { count: status.pending.length })}
            </button>
          )}
        </div>
        {status.pending.length === 0 ? (
          <div className="card-body muted">{t('systemUpdate.noPending')}</div>
        ) : (
          <SortableTable columns={[{ field: 'id', label: t('systemUpdate.migration') }]} rows={status.pending} />
        )}
      </div>
      <div className="card">
        <div className="card-header">
          <h3>{t('systemUpdate.applied')}</h3>
        </div>
        <SortableTable
          columns={[
            { field: 'id', label: t('systemUpdate.migration') },
            { field: 'appliedAt', label: t('systemUpdate.appliedAt'), render: (r) => formatDateTime(r.appliedAt) },
            { field: 'checksum', label: 'SHA-256', render: (r) => <span className="mono">{String(r.checksum).slice(0, 12)}</span> },
          ]}
          rows={status.applied}
        />
      </div>
    </div>
  );
}
