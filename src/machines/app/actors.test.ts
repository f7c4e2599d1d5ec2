import { describe, expect, it } from 'vitest';
import { appChild, startedChild } from './actors';

describe('the root’s children by name', () => {
  const none = { get: () => undefined };
  it('a child the root has not started is undefined, and a wiring error where one is required', () => {
    expect(appChild(none, 'socket')).toBeUndefined();
    expect(() => startedChild(none, 'socket')).toThrow('The root actor has no socket');
  });
});
