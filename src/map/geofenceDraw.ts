/**
 * The geofence editor's drawing tool on the one map: terra-draw (polygon, circle, line, select)
 * through its MapLibre adapter. It is a map extension (`MapView`'s `extensions`): attached on every
 * style load, since a style switch drops terra-draw's sources and layers, and what it was doing (a
 * tool, or a shape being edited) is put back.
 *
 * It holds no flow of its own: the geofence machine commands it (`draw`, `show`, `clear`,
 * `undoPoint`, provided as the machine's actions) and hears back what the person did with the mouse
 * (`onDrawn`: a shape finished; `onChanged`: a vertex moved, inserted or deleted, the shape dragged
 * or a circle resized). Keys (Escape, Delete, undo) are the page's, sent to the machine.
 */
import type { Map as MaplibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawModeUndoRedo,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { Geometry } from '../../contract/wkt';
import { geoJSONToGeometry, geometryToGeoJSON } from '../domain/geofence';
import type { DrawKind } from '../machines/geofence/geofence.machine';

/** Shapes with more vertices than this are shown but not offered for vertex editing (each vertex would be a handle). */
export const MAX_EDITABLE_VERTICES = 5_000;

/** terra-draw refuses coordinates with more decimals than its precision. */
const PRECISION = 9;

export interface GeofenceDrawCallbacks {
  onDrawn(geometry: Geometry): void;
  onChanged(geometry: Geometry): void;
}

export interface GeofenceDraw {
  /** for `MapView`'s `extensions` */
  readonly extension: (map: MaplibreMap) => () => void;
  draw(kind: DrawKind): void;
  show(geometry: Geometry | null): void;
  clear(): void;
  undoPoint(): void;
  /** moves the camera to show the whole shape (before the map is there, once it is) */
  fit(geometry: Geometry): void;
}

type Intent = { kind: 'idle' } | { kind: 'draw'; tool: DrawKind } | { kind: 'show'; geometry: Geometry };

const COLOR = '#2bb3a3';
const HANDLE = '#ffffff';

const round = (value: number): number => Math.round(value * 10 ** PRECISION) / 10 ** PRECISION;

function vertexCount(geometry: Geometry): number {
  return geometry.type === 'circle' ? 32 : geometry.points.length;
}

/** Whether a shape has too many points to be edited point by point (it is shown, not put on the tool). */
export function tooLargeToEdit(geometry: Geometry | null): boolean {
  return geometry !== null && vertexCount(geometry) > MAX_EDITABLE_VERTICES;
}

/** The shape as a terra-draw feature of the mode that edits it. */
export function toFeature(geometry: Geometry): GeoJSONStoreFeatures {
  const shape = geometryToGeoJSON(geometry);
  const coordinates =
    shape.type === 'LineString'
      ? shape.coordinates.map(([lon, lat]) => [round(lon!), round(lat!)])
      : shape.coordinates.map((ring) => ring.map(([lon, lat]) => [round(lon!), round(lat!)]));
  const properties: Record<string, string | number> =
    geometry.type === 'circle' ? { mode: 'circle', radiusKilometers: geometry.radius / 1000 } : { mode: geometry.type };
  return { type: 'Feature', geometry: { type: shape.type, coordinates }, properties } as GeoJSONStoreFeatures;
}

/** [west, south, east, north] of a shape (a circle by its radius). */
export function bounds(geometry: Geometry): [number, number, number, number] {
  if (geometry.type === 'circle') {
    const dLat = geometry.radius / 111_320;
    const dLon = dLat / Math.max(Math.cos((geometry.lat * Math.PI) / 180), 0.01);
    return [geometry.lon - dLon, geometry.lat - dLat, geometry.lon + dLon, geometry.lat + dLat];
  }
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [lat, lon] of geometry.points) {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
}

/**
 * The Traccar shape of what terra-draw holds, or null when it cannot be one. A circle's radius is
 * measured from its ring, not taken from `radiusKilometers`, which a resize does not update.
 */
export function fromFeature(feature: GeoJSONStoreFeatures): Geometry | null {
  const properties = feature.properties?.mode === 'circle' ? { mode: 'circle' } : {};
  try {
    return geoJSONToGeometry({ ...feature, properties } as Parameters<typeof geoJSONToGeometry>[0]);
  } catch {
    return null;
  }
}

export function createGeofenceDraw(callbacks: GeofenceDrawCallbacks): GeofenceDraw {
  let draw: TerraDraw | null = null;
  let shownOn: MaplibreMap | null = null;
  let ready = false;
  let intent: Intent = { kind: 'idle' };
  let pendingFit: Geometry | null = null;

  function fitTo(map: MaplibreMap, geometry: Geometry): void {
    const [west, south, east, north] = bounds(geometry);
    map.fitBounds([west, south, east, north], { padding: 48, maxZoom: 17, duration: 0 });
  }

  function apply(): void {
    if (!draw || !ready) return;
    draw.clear();
    switch (intent.kind) {
      case 'idle':
        draw.setMode('static');
        return;
      case 'draw':
        draw.setMode(intent.tool);
        return;
      case 'show': {
        // a shape too large to edit point by point stays on the geofences layer (the page does not
        // hide it there): handing 100,000 points to terra-draw costs a long freeze for nothing
        if (tooLargeToEdit(intent.geometry)) {
          draw.setMode('static');
          return;
        }
        const [result] = draw.addFeatures([toFeature(intent.geometry)]);
        if (!result?.valid || result.id === undefined) {
          draw.setMode('static');
          return;
        }
        draw.setMode('select');
        draw.selectFeature(result.id);
      }
    }
  }

  function attach(map: MaplibreMap): () => void {
    const flags = {
      feature: {
        draggable: true,
        coordinates: { draggable: true, midpoints: true, deletable: true },
      },
    };
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: PRECISION }),
      undoRedo: { modeLevel: new TerraDrawModeUndoRedo() },
      modes: [
        new TerraDrawPolygonMode({ keyEvents: { cancel: null, finish: 'Enter' }, styles: { fillColor: COLOR, outlineColor: COLOR, fillOpacity: 0.15 } }),
        new TerraDrawCircleMode({ keyEvents: { cancel: null, finish: 'Enter' }, styles: { fillColor: COLOR, outlineColor: COLOR, fillOpacity: 0.15 } }),
        new TerraDrawLineStringMode({ keyEvents: { cancel: null, finish: 'Enter' }, styles: { lineStringColor: COLOR, lineStringWidth: 3 } }),
        new TerraDrawSelectMode({
          keyEvents: null,
          flags: {
            polygon: flags,
            linestring: flags,
            // a circle stays a circle: dragged whole, or resized about its centre
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
          },
          styles: {
            selectedPolygonColor: COLOR,
            selectedPolygonFillOpacity: 0.2,
            selectedPolygonOutlineColor: COLOR,
            selectedLineStringColor: COLOR,
            selectionPointColor: HANDLE,
            selectionPointOutlineColor: COLOR,
            selectionPointWidth: 5,
            selectionPointOutlineWidth: 2,
            midPointColor: COLOR,
          },
        }),
      ],
    });
    draw = instance;
    shownOn = map;
    if (pendingFit) {
      fitTo(map, pendingFit);
      pendingFit = null;
    }
    ready = false;
    instance.on('ready', () => {
      if (draw !== instance) return;
      ready = true;
      apply();
    });
    instance.on('finish', (id, context) => {
      const feature = instance.getSnapshotFeature(id);
      const geometry = feature ? fromFeature(feature) : null;
      if (!geometry) return;
      // what the tool holds now is what a re-attach (a style switch) puts back
      if (context.action !== 'draw') intent = { kind: 'show', geometry };
      // after terra-draw has finished with this event: the machine's answer redraws the shape
      queueMicrotask(() => (context.action === 'draw' ? callbacks.onDrawn(geometry) : callbacks.onChanged(geometry)));
    });
    instance.start();
    return () => {
      if (draw === instance) {
        draw = null;
        shownOn = null;
        ready = false;
      }
      instance.stop();
    };
  }

  return {
    extension: attach,
    draw(tool) {
      intent = { kind: 'draw', tool };
      apply();
    },
    show(geometry) {
      intent = geometry ? { kind: 'show', geometry } : { kind: 'idle' };
      apply();
    },
    clear() {
      intent = { kind: 'idle' };
      apply();
    },
    undoPoint() {
      if (draw && ready && draw.canUndo()) draw.undo();
    },
    fit(geometry) {
      // before the map is there (a shape given by the address), once it is
      if (!shownOn) {
        pendingFit = geometry;
        return;
      }
      fitTo(shownOn, geometry);
    },
  };
}
