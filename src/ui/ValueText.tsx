import { valueDirection } from '../domain/bidi';

/**
 * A value isolated in its own direction (`<bdi>`): left to right when it has no letter (a signed
 * number, decimal coordinates, a course), so its sign and degree marks keep their side in a
 * right-to-left line; its first strong letter's otherwise.
 */
export function ValueText({ text }: { text: string }) {
  return <bdi dir={valueDirection(text)}>{text}</bdi>;
}
