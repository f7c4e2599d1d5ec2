/**
 * The few announcement facts the root actor needs at start (the sign-in page's bundle): the
 * timings and who is looking. The rest of the rules (`announcements.ts`, which re-exports these)
 * load with the first announcement check.
 */

/** Default wait before an eligible announcement shows, ms. */
export const DEFAULT_AUTO_SHOW_DELAY = 2000;
/** The dialog's fade when closing, ms. */
export const ANNOUNCEMENT_FADE_MS = 300;
/** The role of a user whose `role` attribute is missing or empty. */
export const DEFAULT_ROLE = 'user';

/** Who looks: a guest, or a signed-in user with the role from the `role` attribute. */
export type Viewer = { kind: 'guest' } | { kind: 'user'; id: number; role: string };

export const GUEST: Viewer = { kind: 'guest' };

/** The viewer for the session's user (null = guest); role = attribute `role`, default `user`. */
export function viewerOf(user: { id: number; attributes?: Record<string, unknown> | null } | null | undefined): Viewer {
  if (!user) return GUEST;
  const role = user.attributes?.role;
  return {
    kind: 'user',
    id: user.id,
    role: typeof role === 'string' && role.trim() !== '' ? role.trim().toLowerCase() : DEFAULT_ROLE,
  };
}

/** The key a viewer's counters and session entries are kept under: `guest` or `user.{id}`. */
export const viewerKey = (viewer: Viewer): string => (viewer.kind === 'guest' ? 'guest' : `user.${viewer.id}`);

/** The same viewer: the same user (or both guests) with the same role. */
export const sameViewer = (a: Viewer | null, b: Viewer): boolean =>
  a !== null && viewerKey(a) === viewerKey(b) && (a.kind === 'guest' || (b.kind === 'user' && a.role === b.role));
