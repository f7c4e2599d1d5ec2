import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../features/settings/EntityListPage';
import { calendarList } from '../../../features/settings/calendars';

export const Route = createFileRoute('/_app/settings/calendars')({
  component: () => <EntityListPage descriptor={calendarList} />,
});
