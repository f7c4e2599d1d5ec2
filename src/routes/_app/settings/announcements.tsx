import { createFileRoute } from '@tanstack/react-router';
import { AnnouncementsPage } from '../../../features/settings/announcements';

export const Route = createFileRoute('/_app/settings/announcements')({
  component: AnnouncementsPage,
});
