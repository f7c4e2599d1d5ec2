/** Traccar's constants (Event.TYPE_*, Position.ALARM_*, Command.TYPE_*, notificators), as of 6.14. */

export const EVENT_TYPES = [
  'commandResult',
  'deviceOnline',
  'deviceUnknown',
  'deviceOffline',
  'deviceInactive',
  'queuedCommandSent',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'deviceFuelIncrease',
  'geofenceEnter',
  'geofenceExit',
  'geofenceCrossed',
  'proximityEnter',
  'proximityExit',
  'unaccompaniedMotion',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
  'media',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const ALARMS = [
  'general', 'sos', 'vibration', 'movement', 'lowspeed', 'overspeed', 'fallDown', 'lowPower', 'lowBattery', 'fault',
  'powerOff', 'powerOn', 'door', 'lock', 'unlock', 'geofence', 'geofenceEnter', 'geofenceExit', 'gpsAntennaCut',
  'accident', 'tow', 'idle', 'highRpm', 'hardAcceleration', 'hardBraking', 'hardCornering', 'laneChange',
  'fatigueDriving', 'powerCut', 'powerRestored', 'jamming', 'temperature', 'parking', 'bonnet', 'footBrake', 'fuelLeak',
  'tampering', 'removing',
] as const;

export const COMMAND_TYPES = [
  'custom', 'identification', 'positionSingle', 'positionPeriodic', 'positionStop', 'engineStop', 'engineResume',
  'alarmArm', 'alarmDisarm', 'alarmDismiss', 'setTimezone', 'requestPhoto', 'powerOff', 'rebootDevice', 'factoryReset',
  'sendSms', 'sendUssd', 'sosNumber', 'silenceTime', 'setPhonebook', 'message', 'voiceMessage', 'outputControl',
  'voiceMonitoring', 'setAgps', 'setIndicator', 'configuration', 'getVersion', 'firmwareUpdate', 'setConnection',
  'setOdometer', 'getModemStatus', 'getDeviceStatus', 'setSpeedLimit', 'modePowerSaving', 'modeDeepSleep',
  'alarmGeofence', 'alarmBattery', 'alarmSos', 'alarmRemove', 'alarmClock', 'alarmSpeed', 'alarmFall',
  'alarmVibration', 'frontCamera', 'rearCamera', 'liveStream',
] as const;

/** Notificators the embedded server offers (`notificator.types` default in Traccar: web,mail,command). */
export const NOTIFICATORS = ['web', 'mail', 'command'] as const;
