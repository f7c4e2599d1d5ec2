import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useSelector } from '@xstate/react';
import { appChild, startedChild } from '../machines/app/actors';
import { useLingui } from '@lingui/react/macro';
import { ThemeProvider, Loader, Alert, ErrorToast, useToastPlace } from '../ui';
import { toastText } from '../domain/errors';
import { preference } from '../domain/permissions';
import { themeOf } from '../domain/theme';
import { selectChecking, selectServerError } from '../machines/session/selectors';
import { useErrorQueue, useSession } from './hooks';
import { useCatalogueText } from './catalogue';
import { useServices } from './services';
import * as styles from './app.css';

/**
 * Everything above the router: the theme (dark, or light by `darkMode`) and the brand colours, the boot states of the session (the loader while it
 * checks, the alert while the server cannot be reached), the errors toast and the update prompt:
 * in the toasts' place (ToastPlace: the shell's strip, a page's zone) when the shell names one,
 * else in a dock at the bottom of the screen. The router mounts only once the session has settled, so its guards
 * never leave the page blank.
 */
export function AppFrame({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const checking = useSession(selectChecking);
  const serverError = useSession(selectServerError);
  // settings precedence: the server's colours win when it forces settings
  const colorPrimary = useSession((s) => preference('colorPrimary', s.context.user, s.context.server, null));
  const colorSecondary = useSession((s) => preference('colorSecondary', s.context.user, s.context.server, null));
  // darkMode: the light theme only when set to false (the user's, or the server's as default or forced); live on every change
  const theme = useSession((s) => themeOf(s.context.user, s.context.server));
  return (
    <ThemeProvider
      theme={theme}
      colorPrimary={typeof colorPrimary === 'string' ? colorPrimary : null}
      colorSecondary={typeof colorSecondary === 'string' ? colorSecondary : null}
    >
      {serverError !== null ? <ServerErrorAlert message={serverError} /> : checking ? <Loader label={t`Loading…`} /> : children}
      <div className={styles.bottomDock}>
        <UpdatePromptHost />
        <ErrorToastHost />
      </div>
      <AnnouncementsHost />
    </ThemeProvider>
  );
}

function ServerErrorAlert({ message }: { message: string }) {
  const { t } = useLingui();
  const { session } = useServices();
  const text = useCatalogueText();
  return (
    <div className={styles.centered}>
      <Alert variant="error" title={t`The server could not be reached`} onDismiss={() => session.send({ type: 'RETRY' })} dismissLabel={t`Retry`}>
        {text(toastText(message))}
      </Alert>
    </div>
  );
}

/**
 * A component whose code loads when it is first shown, not with the page; a chunk that cannot
 * load (offline) shows nothing rather than breaking the page.
 */
function lazyOrNothing<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => load().catch(() => ({ default: () => null })));
}

/** In the toasts' place when the shell names one, else where it is (the dock). */
function inPlace(node: ReactNode, place: HTMLElement | null): ReactNode {
  return place === null ? node : createPortal(node, place);
}

/** The refresh prompt's code loads only when a new version waits. */
const UpdatePrompt = lazyOrNothing(() => import('./UpdatePrompt'));

function UpdatePromptHost() {
  const { app } = useServices();
  const worker = appChild(app.system, 'serviceWorker');
  const shown = useSelector(worker, (s) => (s?.matches('updateAvailable') || s?.matches('activating')) ?? false);
  const refreshing = useSelector(worker, (s) => s?.matches('activating') ?? false);
  const place = useToastPlace();
  if (!worker || !shown) return null;
  return inPlace(
    <Suspense fallback={null}>
      <UpdatePrompt refreshing={refreshing} onRefresh={() => worker.send({ type: 'REFRESH' })} onDismiss={() => worker.send({ type: 'DISMISS' })} />
    </Suspense>,
    place,
  );
}

function ErrorToastHost() {
  const { t } = useLingui();
  const { message, close } = useErrorQueue();
  const text = useCatalogueText();
  const place = useToastPlace();
  if (message === null) return null;
  return inPlace(<ErrorToast message={text(toastText(message))} onClose={close} closeLabel={t`Close`} />, place);
}

/** The dialog's code loads while an announcement waits for its delay. */
const AnnouncementDialog = lazyOrNothing(() => import('./announcements/AnnouncementDialog'));

function AnnouncementsHost() {
  const { app } = useServices();
  const actor = startedChild(app.system, 'announcements');
  const active = useSelector(actor, (s) => s.matches('delaying') || s.matches('shown') || s.matches('closing'));
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementDialog actor={actor} />
    </Suspense>
  );
}
