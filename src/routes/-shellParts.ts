/**
 * The screens' parts the shell places, composed here, at the routes, so that no screen feature
 * imports another (tests/server/boundaries.test.ts).
 */
import type { ShellParts } from '../features/shell/Shell';
import { DevicesPanel, DevicesToggle } from '../features/devices/DevicesPanel';
import { SettingsNav } from '../features/settings/SettingsMenu';
import { ReportsNav } from '../features/reports/ReportsLayout';
import { EventsController } from '../features/events/EventsController';
import { EventsDrawer } from '../features/events/EventsDrawer';

export const SHELL_PARTS: ShellParts = { DevicesPanel, DevicesToggle, SettingsNav, ReportsNav, EventsDrawer, EventsController };
