import { useState } from 'react';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { useCommand } from '../../engine/controllers/command/useCommand';
import type { ReportDefinition } from '../../core/meta/types';
import type { ReportResult } from '../../core/reports/layout';
import { ReportTable } from '../../engine/reports/ReportTable';
import { useI18n } from '../../engine/i18n/i18n';
import { formatDateTime } from '../../core/format/format';
import { confirmDialog } from '../../shell/confirm';
import { toast } from '../../shell/toasts';
import { Drawer } from '../../widgets/Drawer';
import { Icon } from '../../widgets/Icon';
import { SortableTable } from '../../widgets/SortableTable';

interface Problem {
  file: string;
  pointer: string;
  message: string;
}

/** A starting point for a new report: one that runs as it stands, so the designer edits from something working. */
function blank(code: string): ReportDefinition {
  return {
    code,
    module: 'utilities',
    name: { en: 'New report', id: 'Laporan baru' },
    parameters: {
      type: 'object',
      properties: {
        date_from: { type: 'string', format: 'date', 'x-default': 'startOfMonth' },
        date_to: { type: 'string', format: 'date', 'x-default': 'businessDate' },
      },
    },
    sql: 'SELECT a.at::date AS day, count(*) AS changes FROM audit_log a WHERE a.branch_id = :branch_id AND a.at >= :date_from::date AND a.at < :date_to::date + 1 GROUP BY 1',
    columns: [
      { field: 'day', title: { en: 'Day', id: 'Hari' }, type: 'date' },
      { field: 'changes', title: { en: 'Changes', id: 'Perubahan' }, type: 'integer' },
    ],
    sort: [{ field: 'day', dir: 'asc' }],
    totals: ['changes'],
  } as ReportDefinition;
}

/**
 * Creates or changes a property's report: the definition as JSON, a trial run on the first 20 rows,
 * save (checked and dry-run again on the server), the version history and revert to the standard one.
 */
export function ReportDesigner({ code: initialCode, onClose, onChanged }: { code: string; onClose(): void; onChanged(): void }) {
  const { t } = useI18n();
  const [code, setCode] = useState(initialCode);
  // the design of the report being edited; a new report has none until its first save
  const [designOf, setDesignOf] = useState(initialCode || null);
  const design = useResource(designOf, (signal) => dataProvider.reportDesign(designOf!, signal));
  const [typed, setText] = useState<string>();
  const text =
    typed ??
    (design.data?.definition ? JSON.stringify(design.data.definition, null, 2) : initialCode ? '' : JSON.stringify(blank(''), null, 2));
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [preview, setPreview] = useState<ReportResult>();
  // a trial run may be stopped; a save or a revert, once sent, is not
  const trial = useCommand();
  const command = useCommand({ abortable: false });
  const isNew = !initialCode;
  const refusal = trial.error ?? command.error;
  const message = invalid ?? (refusal ? refusal.message : design.error);
  const problems: Problem[] = refusal
    ? ((refusal.details?.problems as Problem[] | undefined) ?? []).concat(
        Object.entries(refusal.fields).map(([pointer, m]) => ({ file: 'report', pointer, message: m })),
      )
    : [];

  const parse = (): ReportDefinition | undefined => {
    setInvalid(undefined);
    try {
      const def = JSON.parse(text) as ReportDefinition;
      if (isNew && code) def.code = code;
      return def;
    } catch (e) {
      trial.clear();
      command.clear();
      setInvalid(t('report.invalidJson', { detail: (e as Error).message }));
      return undefined;
    }
  };
  const reread = async (c: string) => {
    setText(undefined);
    if (c === designOf) await design.load();
    else setDesignOf(c);
  };

  const dryRun = async () => {
    const definition = parse();
    if (!definition) return;
    setPreview(undefined);
    command.clear();
    const r = await trial.run((signal) => dataProvider.dryRunReport(definition, signal));
    if (!r) return;
    setPreview(r.columns ? r : undefined);
    toast.success(t('report.dryRunOk', { count: r.rows.length }));
  };
  const save = async () => {
    const definition = parse();
    if (!definition) return;
    setPreview(undefined);
    trial.clear();
    const r = await command.run((signal) => dataProvider.saveReportDesign(definition, note || undefined, signal));
    if (!r) return;
    toast.success(t('report.saved', { code: definition.code, version: r.version }));
    setNote('');
    setCode(definition.code);
    await reread(definition.code);
    onChanged();
  };
  const revert = async () => {
    if (!(await confirmDialog({ message: t('report.revertConfirm', { code }), okLabel: t('report.revert'), tone: 'danger' }))) return;
    trial.clear();
    if (!(await command.run((signal) => dataProvider.revertReport(code, signal)))) return;
    toast.success(t('report.reverted', { code }));
    await reread(code);
    onChanged();
  };

  const canRevert = design.data && (design.data.source === 'overridden' || design.data.source === 'property');
  return (
    <Drawer
      wide
      title={isNew && !design.data ? t('report.new') : t('report.designTitle', { code })}
      onClose={onClose}
      closeLabel={t('common.close')}
      footer={
        <>
          <button type="button" className="btn" onClick={() => void dryRun()} data-testid="report-dry-run">
            <Icon name="eye" size="sm" /> {t('report.dryRun')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void save()}
            disabled={isNew && !design.data && !/^[a-z0-9-]+$/.test(code)}
            data-testid="report-save"
          >
            <Icon name="check" size="sm" /> {t('report.save')}
          </button>
          <span className="spacer" />
          {canRevert && (
            <button type="button" className="btn btn-danger" onClick={() => void revert()}>
              <Icon name="refresh" size="sm" /> {t('report.revert')}
            </button>
          )}
        </>
      }
    >
      <div className="drawer-body stack">
        {isNew && !design.data && (
          <div className="field">
            <label htmlFor="report-code">{t('report.newCode')}</label>
            <input
              id="report-code"
              className="input"
              maxLength={60}
              value={code}
              onChange={(e) => setCode(e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, ''))}
            />
          </div>
        )}
        {message && (
          <div className="alert alert-danger" role="alert">
            <Icon name="alert" />
            <div>
              {message}
              {problems.length > 0 && (
                <ul style={{ margin: '6px 0 0', paddingLeft: 18 }}>
                  {problems.map((p, i) => (
                    <li key={i}>
                      <code>{p.pointer || '/'}</code> {p.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
        <div className="field">
          <label htmlFor="report-definition">{t('report.definition')}</label>
          <textarea
            id="report-definition"
            className="input code-editor"
            spellCheck={false}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="report-note">{t('report.note')}</label>
          <input id="report-note" className="input" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {preview && (
          <div className="card">
            <ReportTable result={preview} />
          </div>
        )}
        {design.data && design.data.versions.length > 0 && (
          <div className="card">
            <div className="card-header">
              <h3>{t('report.versions')}</h3>
            </div>
            <SortableTable
              columns={[
                { field: 'version', label: t('report.version'), align: 'right' },
                { field: 'action', label: t('common.actions'), render: (r) => t(`report.action.${r.action}`) },
                { field: 'note', label: t('report.note') },
                { field: 'created_by', label: t('report.by') },
                { field: 'created_at', label: t('report.when'), render: (r) => formatDateTime(r.created_at) },
                {
                  field: 'definition',
                  label: '',
                  render: (r) =>
                    r.definition ? (
                      <button type="button" className="btn btn-sm" onClick={() => setText(JSON.stringify(r.definition, null, 2))}>
                        {t('report.loadVersion')}
                      </button>
                    ) : null,
                },
              ]}
              rows={design.data.versions}
            />
          </div>
        )}
      </div>
    </Drawer>
  );
}
