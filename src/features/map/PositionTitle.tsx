import { useLingui } from '@lingui/react/macro';
import type { Position } from '../../../contract/models';
import { useDeviceName } from '../../shared/useLive';
import { useUnitFormatters } from '../../shared/useUnits';
import * as styles from './pages.css';

/**
 * The heading of a page about one position (its fields, its network): the device's name, and
 * what the page shows with the position's fix time, rather than ids.
 */
export function PositionTitle({ position, page }: { position: Position; page: 'position' | 'network' }) {
  const { t } = useLingui();
  const name = useDeviceName(position.deviceId);
  const time = useUnitFormatters().dateTime(position.fixTime) ?? '';
  return (
    <div className={styles.titleBlock}>
      <h1 className={styles.heading}>
        <bdi>{name ?? t`Device ${position.deviceId}`}</bdi>
      </h1>
      <p className={styles.subtitle}>{page === 'position' ? t`Position at ${time}` : t`Network at ${time}`}</p>
    </div>
  );
}
