import { describe, expect, it } from 'vitest';
import { indicators, NO_INDICATORS, sameIndicators } from './indicators';

describe('row indicators', () => {
  it('reads battery, charge, ignition and alarms', () => {
    expect(indicators({ batteryLevel: 78.6, charge: true, ignition: false, alarm: 'sos,overspeed' })).toEqual({
      battery: 79,
      charging: true,
      ignition: false,
      alarms: ['sos', 'overspeed'],
    });
  });

  it.each([
    [undefined],
    [null],
    [{}],
    [{ batteryLevel: 'full', ignition: 'yes', alarm: 5 }],
    [{ batteryLevel: Number.NaN, alarm: ' , ' }],
  ])('shows nothing for %j', (attributes) => {
    expect(indicators(attributes as Record<string, unknown> | null | undefined)).toBe(NO_INDICATORS);
  });

  it('clamps the battery level and drops absurd alarm names', () => {
    expect(indicators({ batteryLevel: 140, alarm: 'x'.repeat(41) })).toEqual({ battery: 100, charging: false, ignition: null, alarms: [] });
  });

  it('compares by value', () => {
    expect(sameIndicators(indicators({ batteryLevel: 50 }), indicators({ batteryLevel: 50.2 }))).toBe(true);
    expect(sameIndicators(indicators({ batteryLevel: 50 }), indicators({ batteryLevel: 51 }))).toBe(false);
    expect(sameIndicators(indicators({ alarm: 'sos' }), indicators({ alarm: 'tow' }))).toBe(false);
    expect(sameIndicators(indicators({ ignition: true }), indicators({ ignition: false }))).toBe(false);
  });
});
