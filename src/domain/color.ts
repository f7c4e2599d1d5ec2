const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * True for a 3- or 6-digit hex colour (`#abc`, `#aabbcc`). Anything else (names, rgb(),
 * 4/8-digit hex, strings that could smuggle CSS such as `red;background:url(...)`) is refused,
 * so a server- or file-supplied colour (theme attributes, announcements) can only ever become a
 * plain colour value. The one copy: `src/ui/color.ts` re-exports it.
 */
export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}
