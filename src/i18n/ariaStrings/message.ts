import type { LocalizedString } from '@internationalized/string';

/**
 * What React Aria passes a string function as `t`: the `LocalizedStringFormatter` formatting it. Its
 * `plural`, `number` and `select` are protected in that class's declaration, so they are restated here
 * with its signatures (`select` is also given booleans: the combobox's `isGroupChange`, `isSelected`).
 */
export interface Formatter {
  plural(count: number, options: Record<string, string | (() => string)>, type?: Intl.PluralRuleType): string;
  number(value: number): string;
  select(options: Record<string, string | (() => string)>, value: string | boolean): string;
}

/**
 * A string function, `e` its variables and `t` the formatter, as a `LocalizedString` (which types the
 * formatter with those helpers protected). A function may use nothing but `e` and `t`:
 * `LocalizedStringProvider` serialises functions with `toString()`.
 */
export function message<V extends Record<string, unknown>>(format: (e: V, t: Formatter) => string): LocalizedString {
  return format as unknown as LocalizedString;
}
