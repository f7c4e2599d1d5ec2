import { Select as AriaSelect, Virtualizer, type Key } from 'react-aria-components';
import { FixedRowLayout } from './fixedRowLayout';
import * as fieldStyles from './Field.css';
import { cx } from './cx';
import { SelectBody, type SelectProps } from './Select';

export interface MultiSelectProps extends Omit<SelectProps, 'selectedKey' | 'onSelectionChange'> {
  values: readonly string[];
  onChange: (values: string[]) => void;
}

/**
 * A choice of several (the devices and groups of a report): the trigger names them, the list stays
 * open while choosing. Long lists (thousands of devices) are virtualised.
 */
const MULTI_LAYOUT = { rowHeight: 40 };

export function MultiSelect({ label, items, values, onChange, description, errorMessage, placeholder, className, ...props }: MultiSelectProps) {
  return (
    <AriaSelect
      {...props}
      selectionMode="multiple"
      value={values as string[]}
      onChange={(keys: Key[]) => onChange(keys.map(String))}
      placeholder={placeholder}
      className={cx(fieldStyles.field, className)}
    >
      <SelectBody label={label} description={description} errorMessage={errorMessage} items={items} wrapList={
          items.length > 100
            ? (list) => (
                <Virtualizer layout={FixedRowLayout} layoutOptions={MULTI_LAYOUT}>
                  {list}
                </Virtualizer>
              )
            : undefined
        } />
    </AriaSelect>
  );
}
