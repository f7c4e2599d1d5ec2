/**
 * Model-based test of the root app machine. It has a single state; its transitions wire the
 * children: session snapshots entering/leaving `authenticated` → socket START/STOP, NAVIGATED
 * keeps the path, UNAUTHORIZED → session SESSION_EXPIRED, the native bridge's LOGIN_TOKEN → session
 * NATIVE_TOKEN; the bridge is told SIGNED_IN/SIGNED_OUT on the same edges as the socket; the service
 * worker is told the server's update interval. Every path starts by spawning the
 * errors and socket children and invoking the session with their system ids; the replay runs the
 * real children (session with fake actors), so the start is checked end to end.
 */
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef, type AnyMachineSnapshot } from 'xstate';
import { DEFAULT_UPDATE_INTERVAL } from '../../src/machines/serviceWorker/serviceWorker.machine';
import { appMachine } from '../../src/machines/app/app.machine';
import { APP_CHILD_IDS, appChild, startedChild } from '../../src/machines/app/actors';
import type { SessionContext } from '../../src/machines/session/session.machine';
import { replayPath, transitionsOf } from './graph.ts';
import { assertModelCovers } from './spec.ts';
import { fakes, guest, input, machine, model, paths, signedIn, signedOut } from './app.model.ts';

describe('app machine (model-based)', () => {
  for (const path of paths) {
    it(path.description, async () => {
      const { actor } = await replayPath(path, {
        machine,
        fakes,
        input,
        keepRunning: true,
        onStep: (_step, snapshot) => {
          const children = snapshot.children as Record<string, AnyActorRef | undefined>;
          expect(Object.keys(children).sort()).toEqual([...APP_CHILD_IDS]);
        },
      });
      try {
        // every declared child is there by its systemId, and the typed accessor finds it
        for (const id of APP_CHILD_IDS) expect(appChild(actor.system, id)).toBe(actor.getSnapshot().children[id]);
        const session = startedChild(actor.system, 'session') as AnyActorRef;
        const errors = startedChild(actor.system, 'errors') as AnyActorRef;
        const sessionSnapshot = session.getSnapshot() as AnyMachineSnapshot;
        expect(startedChild(actor.system, 'socket')).toBeDefined();
        // the bridge follows the root's view of the session (the real session's own snapshots count too)
        const bridge = startedChild(actor.system, 'nativeBridge') as AnyActorRef;
        const authenticated = (actor.getSnapshot().context as { authenticated: boolean }).authenticated;
        expect((bridge.getSnapshot() as AnyMachineSnapshot).matches(authenticated ? 'signedIn' : 'signedOut')).toBe(true);
        // the announcements were told who looks as the root last saw it: the user and role, or a guest
        const viewer = (actor.getSnapshot().context as { viewer: string | null }).viewer;
        const announcements = startedChild(actor.system, 'announcements') as AnyActorRef;
        const told = (announcements.getSnapshot() as AnyMachineSnapshot).context as { viewer: { kind: string; id?: number; role?: string } | null; path: string };
        expect(told.viewer === null ? null : told.viewer.kind === 'guest' ? 'guest' : `user.${told.viewer.id}:${told.viewer.role}`).toBe(viewer);
        expect([null, 'guest', 'user.4:dispatcher']).toContain(viewer);
        expect(told.path).toBe((actor.getSnapshot().context as { path: string }).path);
        expect(sessionSnapshot.value).toEqual({ booting: 'cleaningUrl' });
        expect(sessionSnapshot.context as SessionContext).toMatchObject({ token: 'url-token', requestedPath: '/devices/3', locale: 'en' });
        expect((errors.getSnapshot() as AnyMachineSnapshot).value).toBe('empty');
        // The children live on: the session proceeds as its fakes settle, messages reach the errors actor.
        fakes.resolve('0.session.booting.cleaningUrl');
        await Promise.resolve();
        await Promise.resolve();
        expect(fakes.pending()).toEqual(['0.session.booting.loadingServer']);
        errors.send({ type: 'PUSH', message: 'boom' });
        expect((errors.getSnapshot() as AnyMachineSnapshot).value).toBe('showing');
      } finally {
        actor.stop();
      }
      expect(fakes.pending()).toEqual([]);
    });
  }

  it('tells the service worker the server’s update interval from the session’s first snapshot on, and each change', () => {
    const actor = createActor(machine, { input }).start();
    try {
      const interval = () => ((startedChild(actor.system, 'serviceWorker') as AnyActorRef).getSnapshot() as AnyMachineSnapshot).context.interval as number;
      const withServer = (attributes: Record<string, unknown>) => ({ ...signedIn, context: { ...signedIn.context, server: { attributes } } });
      expect(interval()).toBe(DEFAULT_UPDATE_INTERVAL);
      actor.send({ type: 'xstate.snapshot.session', snapshot: withServer({ serviceWorkerUpdateInterval: '2000' }) } as never);
      expect(interval()).toBe(2000);
      actor.send({ type: 'xstate.snapshot.session', snapshot: withServer({ serviceWorkerUpdateInterval: 0 }) } as never);
      expect(interval()).toBe(0);
      // no attribute: the default again; a snapshot without a server (signed out) counts as none
      actor.send({ type: 'xstate.snapshot.session', snapshot: signedOut } as never);
      expect(interval()).toBe(DEFAULT_UPDATE_INTERVAL);
      expect((actor.getSnapshot().context as { updateInterval: { value: unknown } | null }).updateInterval).toEqual({ value: undefined });
    } finally {
      actor.stop();
    }
  });

  it('covers every state node and every transition', () => {
    expect(transitionsOf(appMachine).length).toBeGreaterThan(0);
    assertModelCovers(model);
  });
});
