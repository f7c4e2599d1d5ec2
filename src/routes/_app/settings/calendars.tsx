import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { calendarList } from '../../../features/settings/calendars';

export const Route = createFileRoute('/_app/settings/calendars')({
  component: () => <EntityListPage descriptor={calendarList} />,
});
