import { MapView } from '../../map';
import { useServices } from '../app/services';
import * as styles from '../app/app.css';

export function MapPage() {
  const { live } = useServices();
  return (
    <div className={styles.mapPage}>
      <MapView store={live} />
    </div>
  );
}
