import { useEffect, useMemo, useRef } from 'react';
import { dataProvider } from '../../api/dataProvider';
import { useStore } from '../../store';
import { blocking } from '../../../shell/overlay';
import { createRecordController, type RecordController, type RecordState } from './recordController';

export interface UseRecordOptions {
  entity: string;
  id: number | null;
  defaults?: Record<string, unknown>;
  shows?: (field: string) => boolean;
}

/**
 * A record controller for a screen: made once per (entity, id), read on mount, its reads aborted when
 * the screen goes away; saves, deletes and commands run behind the blocking overlay.
 */
export function useRecordController(opts: UseRecordOptions): RecordController & { state: RecordState } {
  // The latest defaults and field test are read when needed, so a re-render never makes a new controller.
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const { entity, id } = opts;
  const controller = useMemo(
    () =>
      createRecordController({
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
  const state = useStore(controller.store);
  return { ...controller, state };
}
