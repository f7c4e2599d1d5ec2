import type { ReactNode } from 'react';
import { Button } from './Button';
import * as styles from './Alert.css';
import { cx } from './cx';
import { AlertIcon, CloseIcon, InfoIcon } from './icons';

export type AlertVariant = 'error' | 'info';

interface AlertBaseProps {
  variant?: AlertVariant;
  title?: ReactNode;
  /** Rendered as text (stack traces and server messages keep their line breaks). */
  children?: ReactNode;
  className?: string;
}

/** When `onDismiss` is given, a dismiss button labelled `dismissLabel` is shown. */
export type AlertProps = AlertBaseProps &
  ({ onDismiss?: undefined; dismissLabel?: undefined } | { onDismiss: () => void; dismissLabel: string });

/** An inline message; errors are announced (`role="alert"`), info politely (`role="status"`). */
export function Alert({ variant = 'error', title, children, onDismiss, dismissLabel, className }: AlertProps) {
  const Icon = variant === 'error' ? AlertIcon : InfoIcon;
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cx(styles.alert, styles.variant[variant], className)}>
      <Icon className={cx(styles.icon, styles.iconVariant[variant])} />
      <div className={styles.content}>
        {title != null && <strong className={styles.title}>{title}</strong>}
        {children}
      </div>
      {onDismiss && (
        <Button variant="quiet" className={styles.dismiss} aria-label={dismissLabel} onPress={onDismiss}>
          <CloseIcon />
        </Button>
      )}
    </div>
  );
}
