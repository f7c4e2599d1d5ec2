import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, createMachine } from 'xstate';
import { ServicesContext, useInspected, type Services } from './services';

describe('useInspected', () => {
  it('gives a page actor the inspector when the app has one, nothing otherwise or without services', () => {
    const inspect = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <ServicesContext.Provider value={{ inspect } as unknown as Services}>{children}</ServicesContext.Provider>;
    const inspected = renderHook(() => useInspected(), { wrapper }).result.current;
    expect(inspected).toEqual({ inspect });
    // the options reach the actor: the inspector sees its events
    createActor(createMachine({ on: { PING: {} } }), inspected).start().send({ type: 'PING' });
    expect(inspect.mock.calls.some(([event]) => (event as { type: string; event?: { type: string } }).event?.type === 'PING')).toBe(true);
    const plain = ({ children }: { children: ReactNode }) => <ServicesContext.Provider value={{} as Services}>{children}</ServicesContext.Provider>;
    expect(renderHook(() => useInspected(), { wrapper: plain }).result.current).toEqual({});
    expect(renderHook(() => useInspected()).result.current).toEqual({});
  });
});
