import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import * as styles from './RadioList.css';

export interface RadioListItem {
  id: string;
  label: ReactNode;
  /** A second, quieter line (e.g. "online"). */
  description?: ReactNode;
}

export interface RadioListProps {
  label: ReactNode;
  items: readonly RadioListItem[];
  value: string | null;
  onChange: (id: string) => void;
  isDisabled?: boolean;
}

/** A vertical react-aria RadioGroup: arrow keys move the choice, Tab leaves the group. */
export function RadioList({ label, items, value, onChange, isDisabled }: RadioListProps) {
  return (
    <RadioGroup value={value} onChange={onChange} isDisabled={isDisabled} className={styles.group}>
      <Label className={styles.label}>{label}</Label>
      {items.map((item) => (
        <Radio key={item.id} value={item.id} className={styles.radio}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.text}>
            {item.label}
            {item.description != null && <span className={styles.description}>{item.description}</span>}
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
