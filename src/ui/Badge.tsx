import * as styles from './Badge.css';
import { cx } from './cx';

export interface BadgeProps {
  /** Read by screen readers (the dot itself is not visible to them). */
  label?: string;
  /** Pin to the top inline-end corner of the positioned parent. */
  anchored?: boolean;
  className?: string;
}

/** A small red dot signalling that something needs attention. */
export function Badge({ label, anchored = false, className }: BadgeProps) {
  return (
    <span data-badge="" className={cx(styles.badge, anchored && styles.anchored, className)}>
      {label != null && <span className={styles.hidden}>{label}</span>}
    </span>
  );
}
