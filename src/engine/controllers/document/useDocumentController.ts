import { useEffect, useMemo, useRef } from 'react';
import { dataProvider } from '../../api/dataProvider';
import { useStore } from '../../store';
import { blocking } from '../../../shell/overlay';
import type { EntitySchema } from '../../../core/meta/types';
import { createDocumentController, type DocumentController } from './documentController';
import { figures, type DocumentFigures } from './documentModel';

export interface UseDocumentOptions {
  entity: EntitySchema;
  id: number | null;
  defaults?: Record<string, unknown>;
  shows?: (field: string) => boolean;
}

/**
 * A document controller for a screen: made once per (entity, id), read on mount, its reads aborted when
 * the screen goes away; the figures (computed values, totals, problems) follow every change of the header
 * or the lines, and only then.
 */
export function useDocumentController(opts: UseDocumentOptions) {
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const { entity, id } = opts;
  const controller: DocumentController = useMemo(
    () =>
      createDocumentController({
        source: dataProvider,
        entity,
        id,
        defaults: latest.current.defaults,
        shows: (f) => latest.current.shows?.(f) ?? true,
        blocking,
      }),
    [entity, id],
  );
  useEffect(() => {
    void controller.load();
    return () => controller.dispose();
  }, [controller]);
  const record = useStore(controller.record.store);
  const doc = useStore(controller.store);
  const shown: DocumentFigures = useMemo(
    () => figures(entity, record.values, doc.lines, { mode: record.mode }),
    [entity, record.values, doc.lines, record.mode],
  );
  return { controller, record, doc, figures: shown };
}
