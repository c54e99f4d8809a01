import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '../../engine/api/client';
import { signingApi, type SigningView } from './signingApi';

/**
 * The registration open on the tablet, read for a step: a signing that has ended (expired, taken back by the
 * desk, signed) sends the flow ENDED, so no step is left showing what is no longer there.
 */
export function useSigningView(send: (e: { type: string }) => void) {
  const [view, setView] = useState<SigningView>();
  const [error, setError] = useState<string>();
  const fail = useCallback(
    (e: ApiError) => {
      if (e.aborted) return;
      if (e.status === 410) send({ type: 'ENDED' });
      else setError(e.message);
    },
    [send],
  );
  useEffect(() => {
    const abort = new AbortController();
    signingApi.session(abort.signal).then(setView, fail);
    return () => abort.abort();
  }, [fail]);
  return { view, setView, error, fail };
}
