import { useLingui } from '@lingui/react/macro';
import { FLEET_STATES } from '../../domain/fleetState';
import { StateMarker } from '../../shared/fleet/StateMarker';
import { STATE_LABELS } from '../../shared/fleet/stateText';
import * as styles from './MapPage.css';

/** The markers' legend in the layers menu: each fleet state's colour and shape, with its name. */
export function StateLegend() {
  const { t, i18n } = useLingui();
  return (
    <section className={styles.legend} aria-labelledby="state-legend-title" data-testid="state-legend">
      <h3 id="state-legend-title" className={styles.legendTitle}>
        {t`Device states`}
      </h3>
      <ul className={styles.legendList}>
        {FLEET_STATES.map((state) => (
          <li key={state} className={styles.legendItem}>
            <StateMarker state={state} wedge={state === 'moving'} size={20} />
            <span>{i18n._(STATE_LABELS[state])}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
