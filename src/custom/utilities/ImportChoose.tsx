import { useEffect, useState } from 'react';
import { apiGet, apiPost, downloadFile, type ApiError } from '../../engine/api/client';
import { readAsDataUrl } from '../../engine/api/readFile';
import { useI18n } from '../../engine/i18n/i18n';
import { useSession } from '../../engine/session/session';
import type { FlowStepProps } from '../../engine/screens/flow/stepProps';
import { blocking } from '../../shell/overlay';
import { toast } from '../../shell/toasts';
import { Icon } from '../../widgets/Icon';
import type { ImportSheet, ImportTarget } from './importTypes';

/**
 * The first step of the import flow (flows/excel-import.json): the list to fill, its template, and the
 * file. The server reads the file (its sheets, headers and a suggested mapping) and the flow moves on with
 * UPLOADED.
 */
export default function ImportChoose({ context, send }: FlowStepProps) {
  const { t } = useI18n();
  const session = useSession();
  const [targets, setTargets] = useState<ImportTarget[]>([]);
  const [entity, setEntity] = useState<string>(context.entity ?? '');
  const [fileKey, setFileKey] = useState(0);

  useEffect(() => {
    apiGet<{ rows: ImportTarget[] }>('/api/import/entities').then(
      (r) => setTargets(r.rows),
      (e: ApiError) => toast.error(e.message),
    );
  }, [session?.branchId]);

  const preview = async (forEntity: string, upload: { name: string; file: string }) => {
    try {
      const r = await blocking((signal) =>
        apiPost<{ sheets: ImportSheet[] }>('/api/import/preview', { entity: forEntity, ...upload }, { signal }),
      );
      const first = r.sheets[0];
      send({
        type: 'UPLOADED',
        data: {
          entity: forEntity,
          fields: targets.find((x) => x.id === forEntity)?.fields ?? [],
          ...upload,
          sheets: r.sheets,
          sheet: first?.name ?? null,
          mapping: first?.mapping ?? null,
        },
      });
    } catch (e) {
      if (!(e as ApiError).aborted) toast.error((e as ApiError).message);
      setFileKey((k) => k + 1);
    }
  };
  const choose = async (file: File | undefined) => {
    if (file && entity) await preview(entity, { name: file.name, file: await readAsDataUrl(file) });
  };
  const template = async () => {
    try {
      await downloadFile(`/api/import/template/${entity}`);
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const kept = context.file && context.name ? { name: context.name as string, file: context.file as string } : undefined;

  return (
    <div className="card">
      <div className="card-body stack">
        <div className="grid-3">
          <div className="field">
            <label htmlFor="imp-entity">{t('import.entity')}</label>
            <select
              id="imp-entity"
              className="select"
              value={entity}
              onChange={(e) => {
                setEntity(e.target.value);
                // the file already read is read again for the other list (its mapping differs)
                if (kept && e.target.value) void preview(e.target.value, kept);
              }}
            >
              <option value="">{t('common.choose')}</option>
              {targets.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="imp-file">{t('import.file')}</label>
            <input
              key={fileKey}
              id="imp-file"
              className="input"
              type="file"
              accept=".xlsx,.csv"
              disabled={!entity}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </div>
          <div className="field" style={{ justifyContent: 'flex-end' }}>
            <div className="row">
              <button type="button" className="btn" disabled={!entity} onClick={() => void template()}>
                <Icon name="download" size="sm" /> {t('import.template')}
              </button>
            </div>
          </div>
        </div>
        {kept && entity === context.entity && (
          <div className="row">
            <span className="badge badge-info">{kept.name}</span>
            <button type="button" className="btn btn-primary" onClick={() => send({ type: 'UPLOADED' })} data-testid="import-continue">
              {t('import.step.map')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
