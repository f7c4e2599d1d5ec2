/**
 * The request machine's one effect: the request itself, given by where it is used (`useRequest` for
 * a button's request, the report pages for a report). The signal is aborted when the request is
 * cancelled or replaced.
 */
import { fromPromise } from 'xstate';
import { requestMachine } from './request.machine';

export function provideRequestEffects<Input, Output>(run: (input: Input, signal: AbortSignal) => Promise<Output>) {
  return requestMachine.provide({
    actors: {
      run: fromPromise<unknown, unknown>(({ input, signal }) => run(input as Input, signal)),
    },
  });
}
