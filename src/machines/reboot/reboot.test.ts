import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { REBOOT, rebootMachine } from './reboot.machine';

function start(reboot: () => Promise<void> = async () => {}) {
  const clock = new SimulatedClock();
  let calls = 0;
  const machine = rebootMachine.provide({
    actors: {
      reboot: fromPromise(async () => {
        calls++;
        return reboot();
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, calls: () => calls };
}

describe('reboot machine', () => {
  it('asks first: Cancel sends nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'ASK' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls()).toBe(0);
  });

  it('answered: restarting until the socket has gone and come back, then back', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'CONNECTION', online: true });
    actor.send({ type: 'ASK' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('restarting'));
    expect(calls()).toBe(1);
    // the socket still open from before the reboot is not the server back
    expect(actor.getSnapshot().matches({ restarting: 'going' })).toBe(true);
    actor.send({ type: 'CONNECTION', online: false });
    expect(actor.getSnapshot().matches({ restarting: 'down' })).toBe(true);
    actor.send({ type: 'CONNECTION', online: false });
    expect(actor.getSnapshot().matches({ restarting: 'down' })).toBe(true);
    actor.send({ type: 'CONNECTION', online: true });
    expect(actor.getSnapshot().matches('back')).toBe(true);
  });

  it('a socket already gone when the answer arrives counts as down', async () => {
    let answer: () => void = () => {};
    const { actor } = start(() => new Promise<void>((resolve) => (answer = resolve)));
    actor.send({ type: 'ASK' });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CONNECTION', online: false });
    expect(actor.getSnapshot().matches('requesting')).toBe(true);
    answer();
    await waitFor(actor, (s) => s.hasTag('restarting'));
    expect(actor.getSnapshot().matches({ restarting: 'down' })).toBe(true);
  });

  it('says it is late after lateMs without the server (simulated clock), and is back when the socket opens', async () => {
    const { actor, clock } = start();
    actor.send({ type: 'ASK' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.hasTag('restarting'));
    actor.send({ type: 'CONNECTION', online: false });
    clock.increment(REBOOT.lateMs - 1);
    expect(actor.getSnapshot().matches({ restarting: 'down' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ restarting: 'late' })).toBe(true);
    expect(actor.getSnapshot().hasTag('restarting')).toBe(true);
    actor.send({ type: 'CONNECTION', online: true });
    expect(actor.getSnapshot().matches('back')).toBe(true);
  });

  it('a refusal keeps the server’s text; asking again clears it', async () => {
    const { actor } = start(async () => {
      throw new Error('Administrator access required');
    });
    actor.send({ type: 'ASK' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Administrator access required');
    actor.send({ type: 'ASK' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
