import { createFileRoute, useParams } from '@tanstack/react-router';
import { PositionPage } from '../../features/map/PositionPage';

/** All fields and attributes of one position. */
export const Route = createFileRoute('/_app/position/$id')({
  component: PositionRoute,
});

function PositionRoute() {
  const { id } = useParams({ from: '/_app/position/$id' });
  return <PositionPage id={Number(id)} />;
}
