import { useEffect, useState } from 'react';
import type { ValueStore } from '../domain/valueStore';
import { createHoverMarker, type HoverMarker, type HoverPlace } from './layers/hoverMarker';

/**
 * A map's ring for the moment under a docked chart's pointer (`src/map/layers/hoverMarker.ts`; its
 * `extension` goes to `MapView`), moved by a subscription to `hovered`, not by a render.
 */
export function useHoverMarker(hovered: ValueStore<HoverPlace | null> | undefined): HoverMarker {
  const [marker] = useState(() => createHoverMarker());
  useEffect(() => {
    if (!hovered) return undefined;
    const follow = () => marker.place(hovered.get());
    follow();
    return hovered.subscribe(follow);
  }, [marker, hovered]);
  return marker;
}
