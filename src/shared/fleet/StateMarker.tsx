import type { FleetState } from '../../domain/fleetState';
import { FLEET_STATE_COLORS, FLEET_STATE_SHAPES, MARKER_HALO } from '../../domain/fleetColors';
import { ICON_VIEWBOX } from '../../map/icons/paths';

/**
 * A fleet state's marker as the map draws it (`src/map/icons/rasterize.ts`): its colour and shape
 * (full, ringed, struck through, hollow), with a category glyph when given and the direction wedge
 * for moving when `wedge`. Decorative: the state's name is always written beside it.
 */
export function StateMarker({ state, glyph, wedge = false, size = 32 }: { state: FleetState; glyph?: string; wedge?: boolean; size?: number }) {
  const color = FLEET_STATE_COLORS[state];
  const shape = FLEET_STATE_SHAPES[state];
  const ringed = shape === 'ringed';
  const hollow = shape === 'hollow';
  const radius = ringed ? 10.5 : 14.5;
  const glyphSize = 32 * (ringed ? 0.5 : 0.58);
  const offset = (32 - glyphSize) / 2;
  const top = wedge ? -7 : 0;
  return (
    <svg
      viewBox={`0 ${top} 32 ${32 - top}`}
      width={size}
      height={(size * (32 - top)) / 32}
      aria-hidden="true"
      focusable="false"
      data-marker={state}
      data-shape={shape}
    >
      {wedge && <path d="M16 -7l5 7.5h-10z" fill={color} stroke={MARKER_HALO} strokeWidth={1} strokeLinejoin="round" />}
      {ringed && (
        <>
          <circle cx={16} cy={16} r={15} fill={MARKER_HALO} />
          <circle cx={16} cy={16} r={13.5} fill="none" stroke={color} strokeWidth={2} />
        </>
      )}
      <circle cx={16} cy={16} r={radius} fill={hollow ? MARKER_HALO : color} stroke={MARKER_HALO} strokeWidth={1.5} />
      {hollow && <circle cx={16} cy={16} r={radius - 1.5} fill="none" stroke={color} strokeWidth={2} />}
      {glyph && (
        <path d={glyph} fill={hollow ? color : MARKER_HALO} transform={`translate(${offset} ${offset}) scale(${glyphSize / ICON_VIEWBOX})`} />
      )}
      {shape === 'struck' && (
        <>
          <line x1={7} y1={25} x2={25} y2={7} stroke={MARKER_HALO} strokeWidth={4} strokeLinecap="round" />
          <line x1={7} y1={25} x2={25} y2={7} stroke="#ffffff" strokeWidth={1.5} strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
