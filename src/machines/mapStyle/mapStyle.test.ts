import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { MAP_STYLE, mapStyleMachine, OFFLINE_STYLE } from './mapStyle.machine';

function start(style: string) {
  const clock = new SimulatedClock();
  const shown: string[] = [];
  const actor = createActor(mapStyleMachine.provide({ actions: { showStyle: (_, { style: next }) => void shown.push(next) } }), {
    clock,
    input: { style },
  }).start();
  return { actor, clock, shown, value: () => actor.getSnapshot().value, fallback: () => actor.getSnapshot().hasTag('fallback') };
}

describe('map style machine', () => {
  it('a style that loads is ready; nothing else is shown', () => {
    const m = start('openFreeMap');
    expect(m.value()).toBe('loading');
    m.actor.send({ type: 'STYLE_LOADED' });
    expect(m.value()).toBe('ready');
    expect(m.shown).toEqual([]);
  });

  it('a style document that fails falls back to the offline basemap at once', () => {
    const m = start('openFreeMap');
    m.actor.send({ type: 'STYLE_ERROR' });
    expect(m.fallback()).toBe(true);
    expect(m.shown).toEqual([OFFLINE_STYLE]);
    expect(m.actor.getSnapshot().context).toMatchObject({ requested: 'openFreeMap', shown: OFFLINE_STYLE });
    m.actor.send({ type: 'STYLE_LOADED' });
    expect(m.value()).toEqual({ fallback: 'shown' });
  });

  it('no answer within the timeout falls back', () => {
    const m = start('osm');
    m.clock.increment(MAP_STYLE.loadTimeoutMs - 1);
    expect(m.fallback()).toBe(false);
    m.clock.increment(1);
    expect(m.fallback()).toBe(true);
  });

  it('tile failures of a drawn style fall back at the limit, not before', () => {
    const m = start('carto');
    m.actor.send({ type: 'STYLE_LOADED' });
    for (let i = 1; i < MAP_STYLE.tileErrorLimit; i++) m.actor.send({ type: 'TILE_ERROR' });
    expect(m.fallback()).toBe(false);
    m.actor.send({ type: 'TILE_ERROR' });
    expect(m.fallback()).toBe(true);
  });

  it('the offline style itself never falls back, and never times out', () => {
    const m = start(OFFLINE_STYLE);
    m.actor.send({ type: 'STYLE_ERROR' });
    for (let i = 0; i < 5; i++) m.actor.send({ type: 'TILE_ERROR' });
    m.clock.increment(60_000);
    expect(m.fallback()).toBe(false);
    expect(m.shown).toEqual([]);
  });

  it('choosing a style again tries it again and clears the fallback', () => {
    const m = start('openFreeMap');
    m.actor.send({ type: 'STYLE_ERROR' });
    m.actor.send({ type: 'SELECT', style: 'openFreeMap' });
    expect(m.fallback()).toBe(false);
    expect(m.value()).toBe('loading');
    expect(m.shown).toEqual([OFFLINE_STYLE, 'openFreeMap']);
  });
});
