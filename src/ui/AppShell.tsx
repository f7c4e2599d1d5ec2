import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { setElementVars } from '@vanilla-extract/dynamic';
import * as styles from './AppShell.css';
import * as toastStyles from './Toast.css';
import { cx } from './cx';
import { useToastStrip } from './ToastPlace';
import { PopoverBoundaryContext } from './popoverBoundary';

export interface AppShellProps {
  children?: ReactNode;
  /** Usually a `BottomNavigation`; shown only below 600px. */
  bottomNav?: ReactNode;
  /** Start-side column from tablets up, stacked above the content on phones. */
  sidebar?: ReactNode;
  /**
   * What the sidebar holds from tablets up: the device list (`list`, 28 % of the width, at least the
   * desktop drawer's 300 px) or a section's menu (`menu`, settings and reports: the desktop drawer's
   * 300 px, leaving the rest to the section's tables).
   */
  sidebarWidth?: 'list' | 'menu';
  className?: string;
}

/**
 * The full-height frame of the signed-in app. The main region can take focus (not by Tab): the
 * shell moves focus there when the page changes, so keyboard and screen-reader users start on the
 * new page rather than on the body. The toasts have a row of their own (ToastPlace's strip): at the
 * bottom of the sidebar column from tablets up, above the bottom navigation on phones; empty, it
 * takes no room. Its height is `toastStripBlockSize` on the shell, for views laid over the page
 * between the bars (the device list on phones), which end above it.
 */
export function AppShell({ children, bottomNav, sidebar, sidebarWidth = 'list', className }: AppShellProps) {
  const register = useToastStrip();
  const shell = useRef<HTMLDivElement>(null);
  const [stripElement, setStripElement] = useState<HTMLElement | null>(null);
  // the free area pop-overs keep to: above the bottom navigation on phones
  const [boundary, setBoundary] = useState<HTMLDivElement | null>(null);
  const strip = useCallback(
    (element: HTMLElement | null) => {
      register(element);
      setStripElement(element);
    },
    [register],
  );
  useEffect(() => {
    const frame = shell.current;
    if (!stripElement || !frame || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setElementVars(frame, { [styles.toastStripBlockSize]: `${stripElement.offsetHeight}px` }));
    observer.observe(stripElement);
    return () => observer.disconnect();
  }, [stripElement]);
  return (
    <PopoverBoundaryContext.Provider value={boundary}>
      <div ref={shell} className={cx(styles.shell, sidebar != null && styles.withSidebar, sidebar != null && sidebarWidth === 'menu' && styles.menuSidebar, className)}>
        {sidebar != null && <aside className={styles.sidebar}>{sidebar}</aside>}
        <main className={styles.main} tabIndex={-1} data-testid="main">
          {children}
        </main>
        <div ref={strip} className={cx(toastStyles.place, styles.toasts)} data-toast-place="strip" />
        {bottomNav != null && <div className={styles.bottom}>{bottomNav}</div>}
        <div ref={setBoundary} className={styles.popoverBoundary} aria-hidden="true" />
      </div>
    </PopoverBoundaryContext.Provider>
  );
}
