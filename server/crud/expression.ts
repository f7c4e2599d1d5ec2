import jexl from 'jexl';
import type { PositionRow } from '../db/positions.ts';
import { toPosition } from '../db/positions.ts';

/** A private JEXL instance (no shared transforms). */
const engine = new jexl.Jexl();

/** The deepest nesting of brackets an expression may have (jexl's parser recurses per level). */
export const MAX_EXPRESSION_DEPTH = 64;

/** The deepest nesting of (), [] and {} outside string literals. */
export function expressionDepth(expression: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** Throws (with the parser's message) when the expression does not compile, or is nested too deep. */
export function compileExpression(expression: string): ReturnType<typeof engine.compile> {
  if (expressionDepth(expression) > MAX_EXPRESSION_DEPTH) {
    throw new Error(`Expression is nested deeper than ${MAX_EXPRESSION_DEPTH} levels`);
  }
  return engine.compile(expression);
}

/** The context Traccar's ComputedAttributesHandler gives an expression: position attributes, then position fields. */
export function positionContext(row: PositionRow): Record<string, unknown> {
  const position = toPosition(row);
  const context: Record<string, unknown> = { ...position.attributes };
  for (const [key, value] of Object.entries(position)) {
    if (key !== 'attributes') context[key] = value;
  }
  context.attributes = position.attributes;
  return context;
}

/**
 * Evaluates synchronously: no promise carries the value, so a value that looks like one (an
 * object with `then`) is returned as it is instead of being awaited for ever.
 */
export function evaluateExpression(expression: string, context: Record<string, unknown>): unknown {
  return compileExpression(expression).evalSync(context);
}
