import { useState } from 'react';
import { useI18n } from '../../../i18n/i18n';
import type { ApiError } from '../../../api/client';
import { flowRuns } from '../../../api/flowRuns';
import { toast } from '../../../../shell/toasts';
import { Icon } from '../../../../widgets/Icon';
import { SortableTable } from '../../../../widgets/SortableTable';
import { MOBILE_QUERY, useMediaQuery } from '../../../../widgets/useMediaQuery';
import type { FlowStepProps, GenericView } from '../stepProps';

/** A message's parameter from the context: a list gives its length, a number its grouped digits. */
function shown(value: unknown): unknown {
  if (Array.isArray(value)) return value.length.toLocaleString('de-DE');
  if (typeof value === 'number') return value.toLocaleString('de-DE');
  return value ?? '';
}

/** Where a flow ended up: a message, the run's file to download, a table of rows, buttons for what comes next. */
export function SummaryStep({ view, context, send, can }: FlowStepProps & { view: Extract<GenericView, { kind: 'summary' }> }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const narrow = useMediaQuery(MOBILE_QUERY);
  const params: Record<string, unknown> = Object.fromEntries(Object.entries(view.params ?? {}).map(([k, f]) => [k, shown(context[f])]));
  if (view.messageFrom) params.message = context[view.messageFrom] ?? '';
  const rows = view.table ? ((context[view.table.rows] as Record<string, unknown>[] | null) ?? []) : [];
  const download = async () => {
    if (!view.file || !context.run) return;
    setBusy(true);
    try {
      await flowRuns.download(context.run, view.file.name);
    } catch (e) {
      toast.error((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const tone = view.tone ?? 'info';
  return (
    <div className="stack" data-testid="flow-summary">
      <div className={`alert alert-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
        <Icon name={tone === 'success' ? 'check' : tone === 'info' ? 'info' : 'alert'} /> {t(view.message, params)}
      </div>
      {view.table && rows.length > 0 && (
        <SortableTable
          columns={view.table.columns
            .filter((c) => !(narrow && c.hideOnMobile))
            .map((c) => ({ field: c.field, label: t(c.label), align: c.align }))}
          rows={rows}
        />
      )}
      <div className="row">
        {view.file && context.run && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()} data-testid="flow-download">
            <Icon name="download" size="sm" /> {t(view.file.label)}
          </button>
        )}
        {(view.actions ?? [])
          .filter((a) => can(a.event))
          .map((a) => (
            <button
              key={a.event}
              type="button"
              className={`btn${a.tone === 'primary' ? ' btn-primary' : ''}`}
              onClick={() => send({ type: a.event })}
              data-testid={`flow-action-${a.event}`}
            >
              {t(a.label)}
            </button>
          ))}
      </div>
    </div>
  );
}
