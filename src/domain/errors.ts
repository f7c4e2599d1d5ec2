/**
 * What the red toast shows: the first line of a message, without a leading exception prefix
 * such as `java.lang.IllegalArgumentException: ` or `SecurityException: `.
 */
export function toastText(message: string): string {
  const firstLine = message.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return firstLine.replace(/^\s*(?:[\w$]+\.)*[\w$]*(?:Exception|Error)\s*:\s*/, '').trim();
}
