/**
 * The place of a position in other maps, as Traccar's card offers it: https links built from the
 * coordinates only (numbers, so nothing from the device reaches the URL as text).
 */
export interface ExternalMapLink {
  id: 'google' | 'apple' | 'streetView';
  href: string;
}

export function externalMapLinks(latitude: number, longitude: number, course = 0): ExternalMapLink[] {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return [];
  const at = `${latitude.toFixed(6)},${longitude.toFixed(6)}`;
  const heading = Number.isFinite(course) ? Math.round(course) : 0;
  return [
    { id: 'google', href: `https://www.google.com/maps/search/?api=1&query=${at}` },
    { id: 'apple', href: `https://maps.apple.com/?ll=${at}&q=${at}` },
    { id: 'streetView', href: `https://www.google.com/maps/@?api=1&map_action=pano&viewpoint=${at}&heading=${heading}` },
  ];
}
