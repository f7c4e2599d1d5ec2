import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectServer = (s: SessionSnapshot) => s.context.server;
export const selectChecking = (s: SessionSnapshot) => s.hasTag('checking');
export const selectBusy = (s: SessionSnapshot) => s.hasTag('busy');
export const selectAuthenticated = (s: SessionSnapshot) => s.matches('authenticated');
export const selectServerError = (s: SessionSnapshot) => (s.matches({ booting: 'serverError' }) ? s.context.serverError : null);
export const selectTermsPending = (s: SessionSnapshot) => s.matches({ authenticated: 'terms' });
export const selectNeedsCode = (s: SessionSnapshot) => s.matches({ unauthenticated: 'code' });
/** The one-time password key to set up at this sign-in (shown with its QR code), or null. */
export const selectSetupKey = (s: SessionSnapshot) => (s.matches({ unauthenticated: { totpSetup: 'entering' } }) ? s.context.totpKey : null);
export const selectLoginError = (s: SessionSnapshot) => s.context.loginError;
export const selectRegistered = (s: SessionSnapshot) => s.context.registered;
/** Where a sign-in leads (a safe internal path remembered from a protected page), or null. */
export const selectDestination = (s: SessionSnapshot) => s.context.destination;
/** Where a visitor without a session lands: /register on a new server, else /login. */
export const selectLanding = (s: SessionSnapshot): '/register' | '/login' => (s.context.server?.newServer ? '/register' : '/login');
