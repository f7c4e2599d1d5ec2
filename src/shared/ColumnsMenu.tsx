import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button as AriaButton, MenuTrigger, type Key, type Selection } from 'react-aria-components';
import { Menu, MenuItem } from '../ui';
import * as buttonStyles from '../ui/Button.css';

interface ColumnsMenuProps {
  /** the columns offered, by their headings */
  columns: ReadonlyArray<{ id: string; header: MessageDescriptor }>;
  /** the columns shown (checked) */
  shown: 'all' | Iterable<Key>;
  /** a new choice: which of it to keep is the table's rule (at least one column, the report's own set) */
  onChange: (keys: Selection) => void;
}

/** A table's "Columns" menu: each column to show or hide (the settings lists, the table reports). */
export function ColumnsMenu({ columns, shown, onChange }: ColumnsMenuProps) {
  const { t, i18n } = useLingui();
  return (
    <MenuTrigger>
      <AriaButton className={buttonStyles.button({ variant: 'secondary' })}>{t`Columns`}</AriaButton>
      <Menu placement="bottom end" selectionMode="multiple" selectedKeys={shown} onSelectionChange={onChange}>
        {columns.map((c) => (
          <MenuItem key={c.id} id={c.id}>
            {i18n._(c.header)}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
