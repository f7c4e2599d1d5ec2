import { createFileRoute, useParams } from '@tanstack/react-router';
import { EventPage } from '../../features/events/EventPage';

/** One event (opened from the events drawer or a push notification). */
export const Route = createFileRoute('/_app/event/$id')({
  component: EventRoute,
});

function EventRoute() {
  // `useParams` rather than `Route.useParams`: the component chunk then does not share the route
  // object with the route tree (which would pull a shared chunk into the login route).
  const { id } = useParams({ from: '/_app/event/$id' });
  return <EventPage id={Number(id)} />;
}
