import { ProgressBar } from 'react-aria-components';
import * as styles from './ProgressCircle.css';
import { cx } from './cx';
import { Spinner, type SpinnerSize } from './Spinner';

export interface ProgressCircleProps {
  /** Accessible name, e.g. the translated "Loading…". */
  'aria-label': string;
  size?: SpinnerSize;
  className?: string;
}

/** An indeterminate `progressbar` drawn as a spinning ring. */
export function ProgressCircle({ size = 'md', className, ...props }: ProgressCircleProps) {
  return (
    <ProgressBar isIndeterminate aria-label={props['aria-label']} className={cx(styles.progress, className)}>
      <Spinner size={size} />
    </ProgressBar>
  );
}

export interface LoaderProps {
  /** Accessible name, e.g. the translated "Loading…". */
  label: string;
  /** `page` covers the viewport (startup, query-parameter handling); `inline` fills its box. */
  variant?: 'page' | 'inline';
}

/**
 * The full-page (or in-place) loader: an indeterminate `progressbar`. It is not a control, so it
 * uses the role directly rather than react-aria's ProgressBar, whose number formatting would
 * weigh on the first screen's bundle.
 */
export function Loader({ label, variant = 'page' }: LoaderProps) {
  return (
    <div className={variant === 'page' ? styles.loader : styles.inline}>
      <div role="progressbar" aria-label={label} className={styles.progress}>
        <Spinner size="lg" />
      </div>
    </div>
  );
}
