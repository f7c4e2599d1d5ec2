import { createFileRoute } from '@tanstack/react-router';
import { SettingsLayout } from '../../features/settings/SettingsMenu';

/** The settings area: its menu beside every settings screen. */
export const Route = createFileRoute('/_app/settings')({
  component: SettingsLayout,
});
