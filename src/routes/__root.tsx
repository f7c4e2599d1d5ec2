import { createRootRouteWithContext, Outlet, useRouter, type NavigateOptions, type ToOptions } from '@tanstack/react-router';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import type { Services } from '../features/app/services';
import { NotFound } from '../features/app/NotFound';
import { RenderError } from '../features/app/RenderError';

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

/** react-aria links and menus navigate through the router. */
function Root() {
  const router = useRouter();
  return (
    <AriaRouterProvider navigate={(href, options) => router.navigate({ ...options, href })} useHref={(href) => href}>
      <Outlet />
    </AriaRouterProvider>
  );
}
