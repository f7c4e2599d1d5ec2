import * as styles from './Spinner.css';
import { cx } from './cx';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  className?: string;
}

/** A decorative spinning ring (hidden from assistive technology; the owner announces state). */
export function Spinner({ size = 'md', className }: SpinnerProps) {
  return (
    <svg
      className={cx(styles.spinner, styles.size[size], className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
