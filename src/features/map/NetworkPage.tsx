import { useLingui } from '@lingui/react/macro';
import { Alert, Loader } from '../../ui';
import { PointMap } from '../../map/PointMap';
import * as mapStyles from '../../map/MapView.css';
import { valueText } from '../../shared/format';
import { usePosition } from './usePosition';
import { PositionTitle } from './PositionTitle';
import * as styles from './pages.css';

/** The position's `network`: cell towers and wifi access points as tables, and where it was. */
export function NetworkPage({ positionId }: { positionId: number }) {
  const { t } = useLingui();
  const query = usePosition(positionId);
  if (query.isPending && query.fetchStatus !== 'idle') return <Loader label={t`Loading`} variant="inline" />;
  if (query.isError) return <Alert variant="error">{query.error.message}</Alert>;
  const position = query.data;
  if (!position) return <Alert variant="error">{t`Position not found`}</Alert>;
  const network = position.network ?? {};
  const towers = network.cellTowers ?? [];
  const wifi = network.wifiAccessPoints ?? [];
  return (
    <div className={styles.page} data-testid="network-page">
      <PositionTitle position={position} page="network" />
      <div className={styles.miniMap}>
        <PointMap
          key={position.id}
          center={[position.longitude, position.latitude]}
          zoom={12}
          point={[position.longitude, position.latitude]}
          label={t`Position on the map`}
          className={mapStyles.container}
        />
      </div>
      <dl className={styles.summary}>
        {network.radioType != null && (
          <div>
            <dt>{t`Radio`}</dt>
            <dd>{valueText(network.radioType)}</dd>
          </div>
        )}
        {network.carrier != null && (
          <div>
            <dt>{t`Carrier`}</dt>
            <dd>{valueText(network.carrier)}</dd>
          </div>
        )}
        {network.homeMobileCountryCode != null && (
          <div>
            <dt>{t`Home MCC / MNC`}</dt>
            <dd>{`${valueText(network.homeMobileCountryCode)} / ${valueText(network.homeMobileNetworkCode)}`}</dd>
          </div>
        )}
      </dl>
      <table className={styles.table}>
        <caption className={styles.caption}>{t`Cell towers`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Radio`}</th>
            <th scope="col">{t`Cell ID`}</th>
            <th scope="col">{t`LAC`}</th>
            <th scope="col">{t`MCC`}</th>
            <th scope="col">{t`MNC`}</th>
            <th scope="col">{t`Signal`}</th>
          </tr>
        </thead>
        <tbody>
          {towers.length === 0 && (
            <tr>
              <td colSpan={6}>{t`None`}</td>
            </tr>
          )}
          {towers.map((tower, index) => (
            <tr key={index}>
              <td>{valueText(tower.radioType ?? network.radioType)}</td>
              <td>{valueText(tower.cellId)}</td>
              <td>{valueText(tower.locationAreaCode)}</td>
              <td>{valueText(tower.mobileCountryCode)}</td>
              <td>{valueText(tower.mobileNetworkCode)}</td>
              <td>{valueText(tower.signalStrength)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={styles.table}>
        <caption className={styles.caption}>{t`Wi-Fi access points`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`MAC address`}</th>
            <th scope="col">{t`Channel`}</th>
            <th scope="col">{t`Signal`}</th>
          </tr>
        </thead>
        <tbody>
          {wifi.length === 0 && (
            <tr>
              <td colSpan={3}>{t`None`}</td>
            </tr>
          )}
          {wifi.map((point, index) => (
            <tr key={index}>
              <td dir="ltr">{valueText(point.macAddress)}</td>
              <td>{valueText(point.channel)}</td>
              <td>{valueText(point.signalStrength)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
