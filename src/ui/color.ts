/** The hex-colour check lives in the domain (announcements use it too); one copy. */
export { isHexColor } from '../domain/color';

function channel(hex: string, index: number): number {
  const value = parseInt(hex.slice(index, index + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** `#abc` → `#aabbcc` */
function longHex(color: string): string {
  return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
}

/** WCAG relative luminance of a 3- or 6-digit hex colour. */
export function luminance(color: string): number {
  const hex = longHex(color);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f1115';

/** The text colour, white or near-black, with the higher contrast on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(LIGHT_TEXT, background) >= contrastRatio(DARK_TEXT, background) ? LIGHT_TEXT : DARK_TEXT;
}
