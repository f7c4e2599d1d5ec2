/**
 * Every machine of the product, by name. The diagram generator (`npm run statecharts`) and the
 * model-based tests read this list, so a machine added here gets a diagram and a coverage test.
 */
import type { AnyStateMachine } from 'xstate';

export const machines: Record<string, AnyStateMachine> = {};
