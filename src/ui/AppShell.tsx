import type { ReactNode } from 'react';
import * as styles from './AppShell.css';
import { cx } from './cx';

export interface AppShellProps {
  children?: ReactNode;
  /** Usually a `BottomNavigation`; shown only below 600px. */
  bottomNav?: ReactNode;
  /** Start-side column from tablets up, stacked above the content on phones. */
  sidebar?: ReactNode;
  className?: string;
}

/**
 * The full-height frame of the signed-in app. The main region can take focus (not by Tab): the
 * shell moves focus there when the page changes, so keyboard and screen-reader users start on the
 * new page rather than on the body.
 */
export function AppShell({ children, bottomNav, sidebar, className }: AppShellProps) {
  return (
    <div className={cx(styles.shell, sidebar != null && styles.withSidebar, className)}>
      {sidebar != null && <aside className={styles.sidebar}>{sidebar}</aside>}
      <main className={styles.main} tabIndex={-1} data-testid="main">
        {children}
      </main>
      {bottomNav != null && <div className={styles.bottom}>{bottomNav}</div>}
    </div>
  );
}
