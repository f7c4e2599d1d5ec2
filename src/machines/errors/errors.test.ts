import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { errorsMachine } from './errors.machine';

describe('errors queue', () => {
  it('shows the first message; closing drops it and shows the next', () => {
    const actor = createActor(errorsMachine).start();
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    actor.send({ type: 'PUSH', message: 'one' });
    actor.send({ type: 'PUSH', message: 'two' });
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual(['one', 'two']);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().context.queue).toEqual(['two']);
    expect(actor.getSnapshot().matches('showing')).toBe(true);
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
  it('ignores empty messages and CLOSE when empty', () => {
    const actor = createActor(errorsMachine).start();
    actor.send({ type: 'PUSH', message: '  ' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
});
