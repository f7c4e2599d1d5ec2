import { composeRenderProps } from 'react-aria-components';

/** Joins class names, skipping empty values. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Merges the design-system class (fixed, or computed from render props) with a caller's
 * className, which react-aria-components accepts either as a string or as a function of the
 * component's render props.
 */
export function composeClass<V>(
  className: string | ((values: V) => string) | undefined,
  base: string | ((values: V) => string),
): (values: V) => string {
  return composeRenderProps<string | undefined, V, string>(className, (userClassName, values) =>
    cx(typeof base === 'function' ? base(values) : base, userClassName),
  );
}
