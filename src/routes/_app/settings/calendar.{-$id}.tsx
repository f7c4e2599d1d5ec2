import { createFileRoute, useParams } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { calendarEditor } from '../../../features/settings/calendars';

/** A calendar: new without an id. */
export const Route = createFileRoute('/_app/settings/calendar/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/calendar/{-$id}' });
    return <EntityEditPage key={id ?? ''} descriptor={calendarEditor} id={id === undefined ? null : Number(id)} />;
  },
});
