import { useLingui } from '@lingui/react/macro';
import type { Position } from '../../../contract/models';
import { Alert, Link, Loader } from '../../ui';
import { useUnitFormatters } from '../../shared/useUnits';
import { attributeName, attributeValue } from '../../shared/positionAttributes';
import { usePosition } from './usePosition';
import { PositionTitle } from './PositionTitle';
import { useDeviceName } from '../../shared/useLive';
import { useEventSubjects } from '../../shared/useEventSubjects';
import * as styles from './pages.css';

/**
 * Every field of a position, then every attribute, in a two-column table: names in the active
 * language, values in the user's units, all as text. Titled with the device's name and the fix
 * time; the device field shows the name too, and the driver's identifier the driver's name.
 */
export function PositionPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const format = useUnitFormatters();
  const query = usePosition(id);
  const deviceName = useDeviceName(query.data?.deviceId);
  // a driver's identifier reads as the driver's name (the session's drivers)
  const drivers = useEventSubjects().driver;
  if (query.isPending && query.fetchStatus !== 'idle') return <Loader label={t`Loading`} variant="inline" />;
  if (query.isError) return <Alert variant="error">{query.error.message}</Alert>;
  const position = query.data;
  if (!position) return <Alert variant="error">{t`Position not found`}</Alert>;

  const fields = (Object.keys(position) as Array<keyof Position>).filter((key) => key !== 'attributes' && key !== 'network');
  const row = (key: string, value: unknown) => [attributeName(i18n, key), key === 'deviceId' && deviceName !== null ? deviceName : attributeValue(i18n, format, key, value, { drivers })] as const;
  return (
    <div className={styles.page} data-testid="position-page">
      <Link href="/" className={styles.back}>
        {t`Back to the map`}
      </Link>
      <PositionTitle position={position} page="position" />
      <NameValueTable caption={t`Fields`} rows={fields.map((key) => row(key, position[key]))} />
      <NameValueTable caption={t`Attributes`} rows={Object.entries(position.attributes ?? {}).map(([key, value]) => row(key, value))} />
    </div>
  );
}

/** A captioned two-column table of names and values, both shown as text. */
function NameValueTable({ caption, rows }: { caption: string; rows: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useLingui();
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Name`}</th>
          <th scope="col">{t`Value`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value], index) => (
          <tr key={index}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
