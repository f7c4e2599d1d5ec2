import type { ReactNode } from 'react';
import * as styles from './AuthLayout.css';

export interface AuthLayoutProps {
  children?: ReactNode;
  /** The product's name, in the page's language, under its mark in the wide panel. */
  productName: string;
}

/**
 * The public screens (sign in, register, reset password, change server, not found): a brand panel
 * at the start side and the card centred in the rest. The panel is 28 % wide with the product's
 * mark and name on desktops, a 52 px strip on tablets and gone on phones (the spec's layout sizes,
 * as Traccar's sign-in page). It is decoration: hidden from assistive technology.
 */
export function AuthLayout({ children, productName }: AuthLayoutProps) {
  return (
    <div className={styles.page}>
      <div className={styles.brand} aria-hidden="true" data-testid="auth-brand">
        <div className={styles.brandMark}>
          <svg viewBox="0 0 32 32" className={styles.mark} focusable="false">
            <circle cx="16" cy="13" r="9" fill="currentColor" />
            <path d="M16 31 8 18h16z" fill="currentColor" />
            <circle cx="16" cy="13" r="4" className={styles.markHole} />
          </svg>
          <span className={styles.name}>{productName}</span>
        </div>
      </div>
      <main className={styles.content}>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
