import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '../../store';
import { blocking } from '../../../shell/overlay';
import { createCommandController, type CommandController } from './commandController';
import type { Outcome } from '../attempt';
import { direct } from '../run';

export interface UseCommandOptions {
  /** false: the page shows its own busy button (a sign-in page) instead of the full-page overlay */
  overlay?: boolean;
  /** false: the overlay offers no "Abort Proccess" (a migration must not stop half-way) */
  abortable?: boolean;
  /** the fields whose messages the screen shows beside them; the rest (all, when not given) go above */
  shows?: (field: string) => boolean;
}

/** A command controller for a screen; writes run behind the full-page overlay unless told otherwise. */
export function useCommand(opts: UseCommandOptions = {}): CommandController & Outcome {
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts;
  });
  const overlay = opts.overlay ?? true;
  const abortable = opts.abortable ?? true;
  const controller = useMemo(
    () =>
      createCommandController({
        blocking: overlay ? (call) => blocking(call, { abortable }) : direct,
        shows: (f) => latest.current.shows?.(f) ?? false,
      }),
    [overlay, abortable],
  );
  const state = useStore(controller.store);
  return { ...controller, ...state };
}
