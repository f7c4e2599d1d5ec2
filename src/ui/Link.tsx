import { forwardRef } from 'react';
import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import * as styles from './Link.css';
import { composeClass } from './cx';

export type LinkProps = AriaLinkProps;

/**
 * A react-aria Link (an `<a>` when `href` is given; Enter activates it).
 *
 * Router links — the routes layer makes a typed router link from this component once, outside
 * `src/ui` (which must not import the router):
 *
 * ```tsx
 * // src/routes/-components/RouterLink.tsx
 * import { createLink } from '@tanstack/react-router';
 * import { Link } from '../../ui';
 * export const RouterLink = createLink(Link);
 * // <RouterLink to="/settings/preferences">…</RouterLink>
 * ```
 *
 * Alternatively wrap the app in react-aria's `RouterProvider` (`navigate={(to, opts) =>
 * router.navigate({ to, ...opts })}`, `useHref={(to) => router.buildLocation({ to }).href}`) so
 * every react-aria `href` navigates client-side.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ className, ...props }, ref) {
  return <AriaLink {...props} ref={ref} className={composeClass(className, styles.link)} />;
});
