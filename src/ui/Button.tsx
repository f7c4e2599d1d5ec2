import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import * as styles from './Button.css';
import { composeClass, cx } from './cx';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';

export interface ButtonProps extends Omit<AriaButtonProps, 'children'> {
  variant?: ButtonVariant;
  fullWidth?: boolean;
  children?: ReactNode;
}

/**
 * The one button. `isPending` keeps the button focusable, ignores presses, shows a spinner and
 * lets react-aria announce the pending state.
 */
export function Button({ variant = 'primary', fullWidth = false, className, children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      isPending={isPending}
      className={composeClass(className, cx(styles.button({ variant, fullWidth }), styles.relative))}
    >
      {isPending ? (
        <>
          <span className={cx(styles.content, styles.hiddenContent)}>{children}</span>
          <span className={styles.pendingLayer}>
            <Spinner size="sm" />
          </span>
        </>
      ) : (
        <span className={styles.content}>{children}</span>
      )}
    </AriaButton>
  );
}
