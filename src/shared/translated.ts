import type { I18n, MessageDescriptor } from '@lingui/core';

/** A known key's message in the active language; an unknown key as it came (as text). */
export function translated(i18n: I18n, table: Readonly<Record<string, MessageDescriptor>>, key: string): string {
  const descriptor = Object.hasOwn(table, key) ? table[key] : undefined;
  return descriptor ? i18n._(descriptor) : key;
}
