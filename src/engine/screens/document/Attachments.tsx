import { useRef } from 'react';
import { dataProvider } from '../../api/dataProvider';
import { readAsDataUrl } from '../../api/readFile';
import type { ApiError } from '../../api/client';
import { useResource } from '../../controllers/resource/useResource';
import { useI18n } from '../../i18n/i18n';
import { formatDateTime } from '../../../core/format/format';
import { confirmDialog } from '../../../shell/confirm';
import { blocking } from '../../../shell/overlay';
import { toast } from '../../../shell/toasts';
import { Icon } from '../../../widgets/Icon';

const ACCEPT: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpeg: 'image/jpeg' };

/**
 * The files kept with a saved record (x-attachments): listed with who added them, downloaded, added by the
 * person allowed to edit it, removed only while the record may still change.
 */
export function Attachments({ entity, id, canAdd, canRemove }: { entity: string; id: number; canAdd: boolean; canRemove: boolean }) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const files = useResource(`attachments:${entity}:${id}`, (signal) => dataProvider.attachments(entity, id, signal));
  const attempt = async (work: () => Promise<unknown>, done: string) => {
    try {
      await blocking(() => work(), { abortable: false });
      toast.success(t(done));
      await files.load();
    } catch (e) {
      toast.error((e as ApiError).message);
    }
  };
  const add = async (file: File | undefined) => {
    if (!file) return;
    const data = await readAsDataUrl(file);
    await attempt(() => dataProvider.attach(entity, id, file.name, data), 'attachment.added');
    if (input.current) input.current.value = '';
  };
  const remove = async (fileId: number, name: string) => {
    if (!(await confirmDialog({ message: t('attachment.removeConfirm', { name }), tone: 'danger' }))) return;
    await attempt(() => dataProvider.detach(entity, id, fileId), 'attachment.removed');
  };
  const rows = files.data?.rows ?? [];
  return (
    <div className="doc-attachments" data-testid="attachments">
      <div className="row">
        <h3>{t('attachment.title')}</h3>
        {canAdd && files.data && (
          <>
            <input
              ref={input}
              id={`attach-${entity}-${id}`}
              type="file"
              className="sr-only"
              accept={files.data.types.map((k) => ACCEPT[k]).join(',')}
              onChange={(e) => void add(e.target.files?.[0])}
            />
            <label htmlFor={`attach-${entity}-${id}`} className="btn">
              <Icon name="upload" size="sm" /> {t('attachment.add')}
            </label>
            <span className="muted">
              {t('attachment.limits', {
                kinds: files.data.types.map((k) => k.toUpperCase()).join(', '),
                size: `${Math.floor(files.data.maxBytes / 1024 / 1024)} MB`,
              })}
            </span>
          </>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('attachment.none')}</p>
      ) : (
        <ul className="doc-attachment-list">
          {rows.map((f) => (
            <li key={f.id}>
              <button type="button" className="doc-attachment-link" onClick={() => void dataProvider.downloadAttachment(entity, id, f.id)}>
                <Icon name="file-text" size="sm" /> {f.file_name}
              </button>
              <span className="muted">
                {Math.ceil(f.size / 1024).toLocaleString('de-DE')} KB · {f.created_by ?? ''} · {formatDateTime(f.created_at)}
              </span>
              {canRemove && (
                <button
                  type="button"
                  className="btn btn-icon"
                  aria-label={t('attachment.remove', { name: f.file_name })}
                  onClick={() => void remove(f.id, f.file_name)}
                >
                  <Icon name="trash" size="sm" />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
