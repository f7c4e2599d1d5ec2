import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideEditorEffects } from './editor.effects';

describe('provideEditorEffects', () => {
  it('loads and saves through what the screen gives, and says it saved', async () => {
    const saved = vi.fn();
    const save = vi.fn(async (draft: { id: number } & Record<string, unknown>) => ({ ...draft, id: 7 }));
    const actor = createActor(provideEditorEffects({ load: async (id) => ({ id, name: 'Van' }), save, saved }), { input: { id: 3, defaults: { id: 0 } } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.draft).toMatchObject({ id: 3, name: 'Van' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, () => saved.mock.calls.length > 0);
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ id: 3, name: 'Van' }));
    expect(saved).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    actor.stop();
  });

  it('a removal from a list without a remove effect fails and is reported, not thrown', async () => {
    const reportError = vi.fn();
    const closed = vi.fn();
    const actor = createActor(provideEditorEffects({ reportError, closed }), { input: { id: 3, item: { id: 3 }, intent: 'remove' } }).start();
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, () => reportError.mock.calls.length > 0);
    expect(reportError.mock.calls[0]?.[0]).toMatch(/no remove/);
    actor.stop();
  });
});
