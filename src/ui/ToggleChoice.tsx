import { useId, type ReactNode } from 'react';
import { ToggleButton } from 'react-aria-components';
import * as fieldStyles from './Field.css';
import * as styles from './SegmentedControl.css';
import type { SelectItem } from './Select';

export interface ToggleChoiceProps {
  label: ReactNode;
  items: readonly SelectItem[];
  selectedKey: string | null;
  onSelectionChange: (key: string) => void;
}

/**
 * A choice among two or three options as toggle buttons (`aria-pressed`) in a labelled group —
 * the lightest keyboard-usable choice (Tab moves between the buttons, Enter or Space picks), for
 * the first screen's bundle. It looks like `SegmentedControl`.
 */
export function ToggleChoice({ label, items, selectedKey, onSelectionChange }: ToggleChoiceProps) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className={styles.group}>
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <div className={styles.options}>
        {items.map((item) => (
          <ToggleButton
            key={item.id}
            lang={item.lang}
            isSelected={item.id === selectedKey}
            onChange={(selected) => {
              if (selected) onSelectionChange(item.id);
            }}
            className={styles.option}
          >
            {item.label}
          </ToggleButton>
        ))}
      </div>
    </div>
  );
}
