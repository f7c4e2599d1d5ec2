import { createRootRouteWithContext, Outlet, useRouter, type NavigateOptions, type ToOptions } from '@tanstack/react-router';
import { I18nProvider as AriaI18nProvider, RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { useLingui } from '@lingui/react';
import type { Services } from '../shared/services';
import { NotFound } from '../shared/NotFound';
import { RenderError } from '../shared/RenderError';
import { intlLocale } from '../domain/language';

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
  errorComponent: RenderError,
});

/**
 * react-aria links and menus navigate through the router, and its parts take the app's language
 * (not the browser's): arrow keys, placement, dates and numbers follow Arabic's right-to-left.
 */
function Root() {
  const router = useRouter();
  const { i18n } = useLingui();
  return (
    <AriaI18nProvider locale={intlLocale(i18n.locale)}>
      <AriaRouterProvider navigate={(href, options) => router.navigate({ ...options, href })} useHref={(href) => href}>
        <Outlet />
      </AriaRouterProvider>
    </AriaI18nProvider>
  );
}
