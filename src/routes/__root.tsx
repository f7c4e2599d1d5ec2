import { createRootRouteWithContext, Outlet, useRouter, type NavigateOptions, type ToOptions } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useLingui } from '@lingui/react/macro';
import type { Services } from '../features/app/services';
import { useErrorQueue, useSession } from '../features/app/hooks';
import { selectChecking, selectServerError } from '../machines/session/selectors';
import { ThemeProvider, Loader, Alert, ErrorToast } from '../ui';
import { toastText } from '../domain/errors';
import { useCatalogueText } from '../features/app/catalogue';
import { NotFound } from '../features/app/NotFound';
import { useServices } from '../features/app/services';
import * as styles from '../features/app/app.css';

export interface RouterContext {
  services: Services;
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: Omit<NavigateOptions, keyof ToOptions>;
  }
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  const router = useRouter();
  const { t } = useLingui();
  const checking = useSession(selectChecking);
  const serverError = useSession(selectServerError);
  const colorPrimary = useSession((s) => s.context.user?.attributes?.colorPrimary ?? s.context.server?.attributes?.colorPrimary);
  const colorSecondary = useSession((s) => s.context.user?.attributes?.colorSecondary ?? s.context.server?.attributes?.colorSecondary);
  return (
    <ThemeProvider
      colorPrimary={typeof colorPrimary === 'string' ? colorPrimary : null}
      colorSecondary={typeof colorSecondary === 'string' ? colorSecondary : null}
    >
      <AriaRouterProvider
        navigate={(href, options) => router.navigate({ ...options, href })}
        useHref={(href) => href}
      >
        {serverError !== null ? (
          <ServerErrorAlert message={serverError} />
        ) : checking ? (
          <Loader label={t`Loading…`} />
        ) : (
          <Outlet />
        )}
        <ErrorToastHost />
      </AriaRouterProvider>
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

function ErrorToastHost() {
  const { t } = useLingui();
  const { message, close } = useErrorQueue();
  const text = useCatalogueText();
  if (message === null) return null;
  return <ErrorToast message={text(toastText(message))} onClose={close} closeLabel={t`Close`} />;
}
