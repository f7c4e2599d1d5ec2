import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import * as fieldStyles from './Field.css';
import * as styles from './Select.css';
import { cx } from './cx';
import { usePopoverBoundary } from './popoverBoundary';
import { FieldError } from './FieldError';
import { ChevronDownIcon } from './shellIcons';

export interface SelectItem {
  id: string;
  /** Shown as text (e.g. a language's own name). */
  label: string;
  /** Optional language tag of the label, so a screen reader reads "العربية" or "English" right. */
  lang?: string;
}

export interface SelectProps {
  label?: ReactNode;
  /** Accessible name when no visible label is shown. */
  'aria-label'?: string;
  items: readonly SelectItem[];
  selectedKey: string | null;
  onSelectionChange: (key: string) => void;
  description?: ReactNode;
  errorMessage?: ReactNode;
  placeholder?: string;
  name?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  className?: string;
}

/** Single-choice list (e.g. the language picker on the login screen). */
export function Select({
  label,
  items,
  selectedKey,
  onSelectionChange,
  description,
  errorMessage,
  placeholder,
  className,
  ...props
}: SelectProps) {
  const handleChange = (key: Key | null) => {
    if (key != null) onSelectionChange(String(key));
  };
  return (
    <AriaSelect
      {...props}
      value={selectedKey}
      onChange={handleChange}
      placeholder={placeholder}
      className={cx(fieldStyles.field, className)}
    >
      <SelectBody label={label} description={description} errorMessage={errorMessage} items={items} />
    </AriaSelect>
  );
}

/** The parts shared by the single and the multiple select: label, trigger, help, error and the list. */
export function SelectBody({
  label,
  description,
  errorMessage,
  items,
  wrapList = (list) => list,
}: Pick<SelectProps, 'label' | 'description' | 'errorMessage' | 'items'> & { wrapList?: (list: ReactNode) => ReactNode }) {
  const boundary = usePopoverBoundary();
  const list = (
    <ListBox className={styles.listBox} items={items}>
      {(item) => (
        <ListBoxItem id={item.id} textValue={item.label} className={styles.item} lang={item.lang}>
          {item.label}
        </ListBoxItem>
      )}
    </ListBox>
  );
  return (
    <>
      {label != null && <Label className={fieldStyles.label}>{label}</Label>}
      <AriaButton className={styles.trigger}>
        <SelectValue className={styles.value} />
        <ChevronDownIcon className={styles.chevron} />
      </AriaButton>
      {description != null && (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      )}
      <FieldError>{errorMessage}</FieldError>
      <Popover className={styles.popover} {...boundary}>
        {wrapList(list)}
      </Popover>
    </>
  );
}
