import { createFileRoute } from '@tanstack/react-router';
import { PositionPage } from '../../features/map/PositionPage';

/** All fields and attributes of one position. */
export const Route = createFileRoute('/_app/position/$id')({
  component: PositionRoute,
});

function PositionRoute() {
  const { id } = Route.useParams();
  return <PositionPage id={Number(id)} />;
}
