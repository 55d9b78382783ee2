import { useCallback, useEffect, useState } from 'react';

/**
 * A screen's result message that belongs to the worker who caused it ('Parada iniciada!', 'Aviso
 * enviado a supervisor.'): at a station terminal shared by several workers it shows only while that
 * worker acts, and is gone for good once another worker is selected or everyone is signed out (the idle
 * sign-out). `actorId` is the worker who acts now (undefined on a phone: one worker, always theirs).
 */
export function useWorkerMessage<M>(actorId: number | null | undefined): [M | null, (message: M | null, owner?: number | null) => void] {
  const [state, setState] = useState<{ message: M; owner: number | null | undefined } | null>(null);
  // Another worker, or nobody: the previous worker's message goes with them.
  useEffect(() => {
    setState((s) => (s && s.owner === actorId ? s : null));
  }, [actorId]);
  const set = useCallback(
    (message: M | null, owner: number | null | undefined = actorId) => setState(message === null ? null : { message, owner }),
    [actorId],
  );
  return [state && state.owner === actorId ? state.message : null, set];
}

/** An action tapped with nobody signed in at a terminal, carried out once by the worker who then signs in, with its tapped time. */
export type AfterSignIn = (worker: { id: number; name: string }) => void;
