// Minimal typings for jexl 2.3 (the parts this server uses).
declare module 'jexl' {
  type Context = Record<string, unknown>;
  interface Expression {
    eval(context?: Context): Promise<unknown>;
    evalSync(context?: Context): unknown;
  }
  class Jexl {
    compile(expression: string): Expression;
    eval(expression: string, context?: Context): Promise<unknown>;
    evalSync(expression: string, context?: Context): unknown;
    addFunction(name: string, fn: (...args: never[]) => unknown): void;
    addTransform(name: string, fn: (value: never, ...args: never[]) => unknown): void;
  }
  const instance: Jexl & { Jexl: typeof Jexl };
  export default instance;
}
