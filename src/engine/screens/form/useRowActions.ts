import { useState } from 'react';
import type { ScreenAction } from '../../../core/meta/types';
import type { RecordController, RecordState } from '../../controllers/record/recordController';
import { downloadFile } from '../../api/client';
import { evaluate } from '../../../core/conditions/evaluate';
import { useI18n } from '../../i18n/i18n';
import { hasRight, useSession } from '../../session/session';
import { blocking } from '../../../shell/overlay';
import { toast } from '../../../shell/toasts';
import { confirmDialog } from '../../../shell/confirm';

export interface RowActions {
  /** the actions the record's state and the user's rights allow, in declared order */
  visible: ScreenAction[];
  /** runs one: asks for its inputs first, confirms when declared, downloads or runs its command */
  run(a: ScreenAction, given?: Record<string, unknown>): Promise<void>;
  /** the action waiting for its inputs (a cancellation reason), with what was typed so far */
  asking?: { action: ScreenAction; values: Record<string, unknown> };
  setAsking(a: { action: ScreenAction; values: Record<string, unknown> } | undefined): void;
}

/**
 * A record's declared actions (a list's `rowActions`): which are shown, and running one through the record
 * controller, so a drawer form and a record's own screen offer the same actions the same way.
 */
export function useRowActions(
  record: RecordController & { state: RecordState },
  actions: ScreenAction[] | undefined,
  resource: string | undefined,
  onDone?: () => void,
): RowActions {
  const session = useSession();
  const { t } = useI18n();
  const [asking, setAsking] = useState<RowActions['asking']>();
  const { row, mode } = record.state;

  const run = async (a: ScreenAction, given?: Record<string, unknown>) => {
    if (a.input?.length && !given) {
      setAsking({ action: a, values: {} });
      return;
    }
    if (
      a.confirm &&
      !(await confirmDialog({ message: t(a.confirm), okLabel: t(a.label), tone: a.tone === 'danger' ? 'danger' : 'default' }))
    )
      return;
    if (a.download) {
      const url = a.download.replace(/\{(\w+)\}/g, (_, f) => encodeURIComponent(String(row?.[f] ?? '')));
      await blocking((signal) => downloadFile(url, {}, signal)).catch(record.fail);
      return;
    }
    const result = await record.run<Record<string, unknown>>(a.op!, { ...a.params, ...given }, a.withVersion);
    if (result === undefined) return;
    setAsking(undefined);
    if (a.resultMessage) await confirmDialog({ message: t(a.resultMessage, result), cancelLabel: '' });
    else toast.success(t('common.done'));
    onDone?.();
  };

  const visible =
    mode === 'edit' && row
      ? (actions ?? []).filter((a) => evaluate(a.visibleWhen, { data: row, mode }) && hasRight(session, resource, a.permission ?? a.key))
      : [];
  return { visible, run, asking, setAsking };
}
