/**
 * A latitude or longitude in the user's coordinate format (the `coordinateFormat` preference):
 * decimal degrees `24.713600°`, degrees and decimal minutes `24° 42.8160′ N`, or degrees, minutes
 * and seconds `24° 42′ 48.96″ N`. Plain text, Latin digits (coordinates are read left to right).
 */
export type CoordinateFormat = 'dd' | 'ddm' | 'dms';

export function coordinateFormatOf(value: unknown): CoordinateFormat {
  return value === 'ddm' || value === 'dms' ? value : 'dd';
}

export function formatCoordinate(value: number, axis: 'latitude' | 'longitude', format: CoordinateFormat): string {
  if (!Number.isFinite(value)) return '';
  if (format === 'dd') return `${value.toFixed(6)}°`;
  const hemisphere = axis === 'latitude' ? (value < 0 ? 'S' : 'N') : value < 0 ? 'W' : 'E';
  const absolute = Math.abs(value);
  let degrees = Math.floor(absolute);
  const minutesExact = (absolute - degrees) * 60;
  if (format === 'ddm') {
    let minutes = Number(minutesExact.toFixed(4));
    if (minutes >= 60) {
      degrees += 1;
      minutes = 0;
    }
    return `${degrees}° ${minutes.toFixed(4)}′ ${hemisphere}`;
  }
  let minutes = Math.floor(minutesExact);
  let seconds = Number(((minutesExact - minutes) * 60).toFixed(2));
  if (seconds >= 60) {
    seconds = 0;
    minutes += 1;
  }
  if (minutes >= 60) {
    minutes = 0;
    degrees += 1;
  }
  return `${degrees}° ${minutes}′ ${seconds.toFixed(2)}″ ${hemisphere}`;
}
