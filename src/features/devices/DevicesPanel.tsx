/**
 * The device list's place in the shell: below the navigation in the sidebar from 600 px up; on
 * phones a toggle above the map opens it as a 250 px drawer (choosing a device closes it).
 */
import { memo, useCallback } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ToggleButton } from 'react-aria-components';
import { ListIcon } from '../../ui';
import { DeviceList } from './DeviceList';
import * as styles from './DevicesPanel.css';

export function DevicesToggle({ isOpen, onChange }: { isOpen: boolean; onChange: (open: boolean) => void }) {
  const { t } = useLingui();
  return (
    <ToggleButton isSelected={isOpen} onChange={onChange} className={styles.toggle} aria-controls="device-panel">
      <ListIcon />
      <span>{t`Devices`}</span>
    </ToggleButton>
  );
}

/** Memoised: the shell re-rendering (a badge, the location) does not re-render the list's filters. */
export const DevicesPanel = memo(function DevicesPanel({
  phoneOpen,
  onPhoneOpenChange,
}: {
  phoneOpen: boolean;
  onPhoneOpenChange: (open: boolean) => void;
}) {
  const onChosen = useCallback(() => onPhoneOpenChange(false), [onPhoneOpenChange]);
  return (
    <div id="device-panel" className={styles.panel} data-phone-open={phoneOpen}>
      <DeviceList onChosen={onChosen} />
    </div>
  );
});
