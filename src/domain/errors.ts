/**
 * What the red toast shows: the first line of a message, without a leading exception prefix
 * such as `java.lang.IllegalArgumentException: ` or `SecurityException: `.
 */
export function toastText(message: string): string {
  const firstLine = message.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return firstLine.replace(/^\s*(?:[\w$]+\.)*[\w$]*(?:Exception|Error)\s*:\s*/, '').trim();
}

/**
 * The text of anything thrown or rejected: an Error's message, a string as it is, else its string
 * form ('Error' for an object with none). The one error-to-text of the client.
 */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  const text = String(error);
  return text === '[object Object]' ? 'Error' : text;
}
