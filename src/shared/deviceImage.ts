/**
 * The device image of the card: `/api/media/{uniqueId}/{attributes.deviceImage}` on the backend
 * origin, used only when it resolves to the page's own origin or to an https URL.
 */
import type { Device } from '../../contract/models';

export function deviceImageUrl(device: Pick<Device, 'uniqueId' | 'attributes'>, backendOrigin: string, pageHref: string): string | null {
  const file = device.attributes?.deviceImage;
  if (typeof file !== 'string' || file === '' || typeof device.uniqueId !== 'string' || device.uniqueId === '') return null;
  const path = `/api/media/${encodeURIComponent(device.uniqueId)}/${encodeURIComponent(file)}`;
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageHref);
    url = new URL(`${backendOrigin}${path}`, page);
  } catch {
    return null;
  }
  if (url.origin === page.origin || url.protocol === 'https:') return url.href;
  return null;
}
