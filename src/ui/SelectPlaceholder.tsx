import type { ReactNode } from 'react';
import * as fieldStyles from './Field.css';
import * as styles from './Select.css';
import { ChevronDownIcon } from './shellIcons';

/**
 * A select's shape while its code loads (a page whose first bundle must stay small loads the
 * select after its first paint): the same label and trigger box, showing the value, not yet a
 * control. It is inert and hidden from assistive technology until the real select replaces it.
 */
export function SelectPlaceholder({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className={fieldStyles.field} aria-hidden="true" inert data-select-placeholder="">
      <span className={fieldStyles.label}>{label}</span>
      <div className={styles.trigger}>
        <span className={styles.value}>{value}</span>
        <ChevronDownIcon className={styles.chevron} />
      </div>
    </div>
  );
}
