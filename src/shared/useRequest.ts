/**
 * A request a person starts and waits for (a Test, a token, an address, an upload), run by the
 * request machine (`src/machines/request`): `run(input)` starts it, and the snapshot says what to
 * show. The request itself is given here; the machine cancels a superseded one and gives up after
 * its timeout. `errorText` is the failure in the user's language (the server's text through the
 * catalogue, or "no answer").
 */
import { useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { provideRequestEffects } from '../machines/request/request.effects';
import { useCatalogueText } from './catalogue';
import { useInspected } from './services';

export type RequestState = 'idle' | 'running' | 'done' | 'failed' | 'timedOut';

export interface Request<I, O> {
  state: RequestState;
  pending: boolean;
  output: O | undefined;
  /** the input of the last run */
  input: I | undefined;
  /** why it failed, as the server or the network said it (null unless failed) */
  error: string | null;
  errorText: string | null;
  run: (input: I) => void;
  reset: () => void;
}

export function useRequest<I = void, O = unknown>(request: (input: I, signal: AbortSignal) => Promise<O>): Request<I, O> {
  const { t } = useLingui();
  const catalogue = useCatalogueText();
  const latest = useRef(request);
  latest.current = request;
  const machine = useMemo(() => provideRequestEffects<I, O>((input, signal) => latest.current(input, signal)), []);
  const actor = useActorRef(machine, { ...useInspected(), input: {} });
  const snapshot = useSelector(actor, (s) => s);
  // `running` has a child state (its seconds counted): asked by name
  const state = snapshot.matches('running') ? 'running' : (snapshot.value as RequestState);
  return {
    state,
    pending: state === 'running',
    output: state === 'done' ? (snapshot.context.output as O) : undefined,
    input: snapshot.context.input as I | undefined,
    error: state === 'failed' ? (snapshot.context.error ?? '') : null,
    errorText: state === 'failed' ? catalogue(snapshot.context.error ?? '') : state === 'timedOut' ? t`No answer from the server. Try again.` : null,
    run: (input: I) => actor.send({ type: 'RUN', input }),
    reset: () => actor.send({ type: 'RESET' }),
  };
}
