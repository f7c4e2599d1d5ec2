import { Fragment, type ReactNode } from 'react';
import { Button as AriaButton, Link as AriaLink, Toolbar } from 'react-aria-components';
import { Badge } from './Badge';
import type { Href } from './href';
import * as styles from './BottomNavigation.css';
import { MenuTrigger } from './Menu';

export interface BottomNavigationItem {
  id: string;
  /** Visible label (already translated). */
  label: string;
  icon: ReactNode;
  /** Destination; rendered as a link (typed by the app's react-aria `RouterConfig`). */
  href?: Href;
  /** Shows the red dot. */
  badge?: boolean;
  /** Screen-reader text for the badge. */
  badgeLabel?: string;
  /** Action when there is no `href` (e.g. logout); rendered as a button. */
  onAction?: () => void;
  /** A `<Menu>` opened by this item (e.g. the user menu); rendered as a menu button. */
  menu?: ReactNode;
}

/** What a custom link renderer receives: spread these on the router's link. */
export interface BottomNavigationLinkProps {
  item: BottomNavigationItem & { href: NonNullable<Href> };
  href: NonNullable<Href>;
  className: string;
  'aria-current': 'page' | undefined;
  children: ReactNode;
}

export interface BottomNavigationProps {
  items: readonly BottomNavigationItem[];
  /** The id of the active tab (derived from the path by the app). */
  selectedId: string | null;
  /** Accessible name of the navigation landmark (translated). */
  'aria-label': string;
  /**
   * Renders a link item with the router's link. Default: a react-aria `Link` with `href`, which
   * navigates client-side when the app provides react-aria's `RouterProvider`. With TanStack Router:
   * `renderLink={({ href, item, ...rest }) => <RouterLink to={href} {...rest} />}` where
   * `RouterLink = createLink(Link)` (see `Link.tsx`).
   */
  renderLink?: (props: BottomNavigationLinkProps) => ReactNode;
  className?: string;
}

function ItemContent({ item }: { item: BottomNavigationItem }) {
  return (
    <>
      <span className={styles.iconWrap}>
        {item.icon}
        {item.badge && <Badge anchored label={item.badgeLabel} />}
      </span>
      <span className={styles.label}>{item.label}</span>
    </>
  );
}

/**
 * The phone tab bar: a `nav` landmark holding a react-aria `Toolbar` (Tab enters it once, arrow
 * keys move between items, mirrored in right-to-left). The current item has `aria-current="page"`.
 */
export function BottomNavigation({ items, selectedId, renderLink, className, ...props }: BottomNavigationProps) {
  return (
    <nav aria-label={props['aria-label']} className={className ? `${styles.nav} ${className}` : styles.nav}>
      <Toolbar className={styles.toolbar}>
        {items.map((item) => {
          const current = item.id === selectedId ? ('page' as const) : undefined;
          const children = <ItemContent item={item} />;
          if (item.href != null) {
            const linkProps: BottomNavigationLinkProps = {
              item: { ...item, href: item.href },
              href: item.href,
              className: styles.item,
              'aria-current': current,
              children,
            };
            if (renderLink) return <Fragment key={item.id}>{renderLink(linkProps)}</Fragment>;
            return (
              <AriaLink key={item.id} href={item.href} className={styles.item} aria-current={current}>
                {children}
              </AriaLink>
            );
          }
          if (item.menu != null) {
            return (
              <MenuTrigger key={item.id}>
                <AriaButton className={styles.item} aria-current={current}>
                  {children}
                </AriaButton>
                {item.menu}
              </MenuTrigger>
            );
          }
          return (
            <AriaButton key={item.id} className={styles.item} aria-current={current} onPress={item.onAction}>
              {children}
            </AriaButton>
          );
        })}
      </Toolbar>
    </nav>
  );
}
