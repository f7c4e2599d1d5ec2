/**
 * Test-only: jsdom has no `CSS.escape`, which react-aria's overlays call (csp-nonce lookup) when
 * a Modal opens. Import this first in tests that open overlays. Browsers are unaffected.
 */
function cssEscape(value: string): string {
  const string = String(value);
  let result = '';
  for (let index = 0; index < string.length; index++) {
    const code = string.charCodeAt(index);
    const char = string.charAt(index);
    if (code === 0) {
      result += '\uFFFD';
    } else if (
      (code >= 0x1 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && string.charCodeAt(0) === 0x2d)
    ) {
      result += `\\${code.toString(16)} `;
    } else if (index === 0 && string.length === 1 && code === 0x2d) {
      result += `\\${char}`;
    } else if (
      code >= 0x80 ||
      code === 0x2d ||
      code === 0x5f ||
      (code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    ) {
      result += char;
    } else {
      result += `\\${char}`;
    }
  }
  return result;
}

const scope = globalThis as { CSS?: { escape?: (value: string) => string } };
if (scope.CSS === undefined) {
  scope.CSS = { escape: cssEscape };
} else if (typeof scope.CSS.escape !== 'function') {
  scope.CSS.escape = cssEscape;
}

export {};
