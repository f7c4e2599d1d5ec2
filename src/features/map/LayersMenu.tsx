/**
 * The map's layers menu: choose the style, switch clustering, live routes, accuracy circles,
 * geofences and follow mode, and the legend of the markers' states. It only writes the map settings
 * store; the map controller reacts to it.
 */
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MAP_STYLE_OPTIONS } from '../../shared/options';
import { Button, Checkbox, PopoverDialog, Select, type SelectItem } from '../../ui';
import { MAP_STYLE_IDS, MAP_STYLES, chooseMapStyle, type MapSettingsStore, type MapStyleId } from '../../map';
import { StateLegend } from './StateLegend';
import * as styles from './MapPage.css';

function LayersIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 3l9 5-9 5-9-5z" />
      <path d="M3 13l9 5 9-5" />
    </svg>
  );
}

export function LayersMenu({ settings, preferredStyle }: { settings: MapSettingsStore; preferredStyle: unknown }) {
  const { t, i18n } = useLingui();
  const current = useSyncExternalStore(settings.subscribe, settings.get);
  const items: SelectItem[] = MAP_STYLE_OPTIONS.map(({ id, label }) => ({ id, label: i18n._(label) }));
  const selected = chooseMapStyle({ stored: current.style, preference: preferredStyle });
  return (
    // over the map: the camera keeps the selected device clear of it (src/map/camera.ts)
    <div className={styles.layersButton} data-testid="map-layers" data-map-obstacle="">
      <PopoverDialog
        title={t`Map layers`}
        placement="bottom start"
        trigger={
          <Button variant="secondary" aria-label={t`Map layers`}>
            <LayersIcon />
          </Button>
        }
      >
        <Select
          label={t`Map style`}
          items={items}
          selectedKey={selected}
          description={MAP_STYLES[selected].online ? t`Loads tiles from the internet` : t`Works without internet`}
          onSelectionChange={(id) => {
            const style = MAP_STYLE_IDS.find((s) => s === id);
            if (style) settings.set({ style });
          }}
        />
        <div className={styles.toggles}>
          <Checkbox isSelected={current.clustering} onChange={(clustering) => settings.set({ clustering })}>
            {t`Group nearby devices`}
          </Checkbox>
          <Checkbox isSelected={current.liveRoutes} onChange={(liveRoutes) => settings.set({ liveRoutes })}>
            {t`Live routes`}
          </Checkbox>
          <Checkbox isSelected={current.accuracy} onChange={(accuracy) => settings.set({ accuracy })}>
            {t`Accuracy circles`}
          </Checkbox>
          <Checkbox isSelected={current.geofences} onChange={(geofences) => settings.set({ geofences })}>
            {t`Geofences`}
          </Checkbox>
          <Checkbox isSelected={current.follow} onChange={(follow) => settings.set({ follow })}>
            {t`Follow the selected device`}
          </Checkbox>
        </div>
        <StateLegend />
      </PopoverDialog>
    </div>
  );
}
