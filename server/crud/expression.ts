import jexl from 'jexl';
import type { PositionRow } from '../db/positions.ts';
import { toPosition } from '../db/positions.ts';

/** A private JEXL instance (no shared transforms). */
const engine = new jexl.Jexl();

/** Throws (with the parser's message) when the expression does not compile. */
export function compileExpression(expression: string): void {
  engine.compile(expression);
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

export async function evaluateExpression(expression: string, context: Record<string, unknown>): Promise<unknown> {
  return engine.compile(expression).eval(context);
}
