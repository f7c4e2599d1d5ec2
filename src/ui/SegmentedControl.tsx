import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import * as fieldStyles from './Field.css';
import * as styles from './SegmentedControl.css';
import { cx } from './cx';
import type { SelectItem } from './Select';

export interface SegmentedControlProps {
  label?: ReactNode;
  'aria-label'?: string;
  items: readonly SelectItem[];
  selectedKey: string | null;
  onSelectionChange: (key: string) => void;
  isDisabled?: boolean;
  className?: string;
}

/**
 * A choice among a few options shown side by side (a react-aria RadioGroup: arrow keys move,
 * mirrored in right-to-left). Lighter than `Select`: no popover, so it suits the login screen.
 */
export function SegmentedControl({ label, items, selectedKey, onSelectionChange, className, ...props }: SegmentedControlProps) {
  return (
    <RadioGroup
      {...props}
      value={selectedKey}
      onChange={onSelectionChange}
      orientation="horizontal"
      className={cx(styles.group, className)}
    >
      {label != null && <Label className={fieldStyles.label}>{label}</Label>}
      <div className={styles.options}>
        {items.map((item) => (
          <Radio key={item.id} value={item.id} lang={item.lang} className={styles.option}>
            {item.label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
