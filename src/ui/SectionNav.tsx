import { useEffect, useRef } from 'react';
import { Link } from 'react-aria-components';
import * as styles from './SectionNav.css';

export interface SectionNavEntry {
  id: string;
  label: string;
  href: string;
}

export interface SectionNavProps {
  'aria-label': string;
  entries: readonly SectionNavEntry[];
  /** the entry of the screen shown */
  current: string | null;
  className?: string;
}

/**
 * The menu of an area (settings, reports): a list of links, the current one marked for assistive
 * technology (`aria-current="page"`) and to the eye. On a phone it is a strip that scrolls sideways,
 * with the current entry kept in view.
 */
export function SectionNav({ entries, current, className, ...props }: SectionNavProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[data-current]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav aria-label={props['aria-label']} className={className}>
      <ul className={styles.menuList} ref={list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link href={entry.href} className={styles.menuLink} aria-current={current === entry.id ? 'page' : undefined} data-current={current === entry.id || undefined}>
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export { styles as sectionStyles };
