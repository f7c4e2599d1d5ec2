import type { ReactNode } from 'react';
import * as styles from './AuthLayout.css';

export interface AuthLayoutProps {
  children?: ReactNode;
  /** Shown above the card (an image or the product name, with its own alt text). */
  logo?: ReactNode;
}

/** Centered card for the login, register, reset-password and change-server screens. */
export function AuthLayout({ children, logo }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      {logo != null && <div className={styles.logo}>{logo}</div>}
      <div className={styles.card}>{children}</div>
    </main>
  );
}
