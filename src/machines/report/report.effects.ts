/**
 * The report machine's one effect: fetching a report. Provided where the machine runs (the report
 * pages), so the machine itself stays pure; the signal is aborted when the run is cancelled or
 * replaced.
 */
import { fromPromise } from 'xstate';
import { reportMachine } from './report.machine';

export interface ReportEffects<Input> {
  run(input: Input, signal: AbortSignal): Promise<readonly unknown[]>;
}

export function provideReportEffects<Input>(effects: ReportEffects<Input>) {
  return reportMachine.provide({
    actors: {
      run: fromPromise(({ input, signal }: { input: unknown; signal: AbortSignal }) => effects.run(input as Input, signal)),
    },
  });
}
