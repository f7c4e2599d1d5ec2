import { useEffect, useState } from 'react';
import { createMapSettings, MapView, selectByUniqueIdOnce } from '../../map';
import { preference } from '../../domain/permissions';
import { selectServer, selectUser } from '../../machines/session/selectors';
import { useServices } from '../app/services';
import { useSession } from '../app/hooks';
import { DeviceCard } from './DeviceCard';
import { LayersMenu } from './LayersMenu';
import * as styles from './MapPage.css';

export function MapPage() {
  const { live } = useServices();
  const [settings] = useState(createMapSettings);
  const user = useSession(selectUser);
  const server = useSession(selectServer);
  const uniqueId = useSession((s) => s.context.uniqueId);
  const preferredStyle = preference('map', user, server, null);

  // `?uniqueId=`: select that device once the devices are in the store (the wait lives in src/map)
  useEffect(() => selectByUniqueIdOnce(live, uniqueId), [live, uniqueId]);

  return (
    <div className={styles.page}>
      <MapView store={live} settings={settings} preferredStyle={preferredStyle} />
      <LayersMenu settings={settings} preferredStyle={preferredStyle} />
      <DeviceCard />
    </div>
  );
}
