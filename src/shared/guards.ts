import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { SessionActor } from '../machines/app/actors';
import { selectLanding } from '../machines/session/selectors';

/** Waits until the session has finished booting (its `checking` tag cleared). */
export function settledSession(session: SessionActor) {
  return waitFor(session, (s) => !s.hasTag('checking'), { timeout: Infinity });
}

/** The protected layout's guard: without a user, remember the path and go to the landing route. */
export async function requireUser(session: SessionActor, href: string): Promise<void> {
  const snapshot = await settledSession(session);
  if (snapshot.matches('authenticated')) return;
  session.send({ type: 'REQUIRE_LOGIN', path: href });
  throw redirect({ to: selectLanding(session.getSnapshot()), replace: true });
}

/** Public sign-in screens: a signed-in user goes to the map. */
export async function redirectIfSignedIn(session: SessionActor): Promise<void> {
  const snapshot = await settledSession(session);
  if (snapshot.matches('authenticated')) throw redirect({ to: '/', replace: true });
}
