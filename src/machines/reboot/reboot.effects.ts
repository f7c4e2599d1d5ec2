/**
 * The reboot machine's one effect: asking the server to reboot. Provided where the machine runs
 * (the server settings page), so the machine itself stays pure.
 */
import { fromPromise } from 'xstate';
import { rebootMachine } from './reboot.machine';

export interface RebootEffects {
  /** Resolves once the server has taken the reboot (or gone before answering: Traccar exits at once). */
  reboot(): Promise<void>;
}

export function provideRebootEffects(effects: RebootEffects) {
  return rebootMachine.provide({
    actors: {
      reboot: fromPromise(() => effects.reboot()),
    },
  });
}
