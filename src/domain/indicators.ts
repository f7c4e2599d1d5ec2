/**
 * The state a device row shows beside its name, read from the latest position's attributes as
 * Traccar reports them: `batteryLevel` (percent) and `charge`, `ignition`, `alarm` (a comma list of
 * alarm types such as `sos` or `overspeed`).
 */
export interface Indicators {
  /** 0–100, rounded; null when the device reports no battery level */
  battery: number | null;
  charging: boolean;
  /** null when the device reports no ignition */
  ignition: boolean | null;
  /** the alarm types of the latest position, empty when none */
  alarms: readonly string[];
}

export const NO_INDICATORS: Indicators = { battery: null, charging: false, ignition: null, alarms: [] };

/** The battery level under which the row shows it as low. */
export const LOW_BATTERY = 20;

export function indicators(attributes: Readonly<Record<string, unknown>> | null | undefined): Indicators {
  if (!attributes) return NO_INDICATORS;
  const level = attributes.batteryLevel;
  const battery = typeof level === 'number' && Number.isFinite(level) ? Math.max(0, Math.min(100, Math.round(level))) : null;
  const ignition = typeof attributes.ignition === 'boolean' ? attributes.ignition : null;
  const alarm = attributes.alarm;
  const alarms =
    typeof alarm === 'string'
      ? alarm
          .split(',')
          .map((a) => a.trim())
          .filter((a) => a !== '' && a.length <= 40)
      : [];
  if (battery === null && ignition === null && alarms.length === 0) return NO_INDICATORS;
  return { battery, charging: attributes.charge === true, ignition, alarms };
}

/** Equal indicators render the same row: a position update that changes none of them re-renders nothing. */
export function sameIndicators(a: Indicators, b: Indicators): boolean {
  return (
    a.battery === b.battery &&
    a.charging === b.charging &&
    a.ignition === b.ignition &&
    a.alarms.length === b.alarms.length &&
    a.alarms.every((alarm, i) => alarm === b.alarms[i])
  );
}
