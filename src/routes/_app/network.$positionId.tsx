import { createFileRoute, useParams } from '@tanstack/react-router';
import { NetworkPage } from '../../features/map/NetworkPage';

/** The cell towers and wifi access points a position was located with. */
export const Route = createFileRoute('/_app/network/$positionId')({
  component: NetworkRoute,
});

function NetworkRoute() {
  const { positionId } = useParams({ from: '/_app/network/$positionId' });
  return <NetworkPage positionId={Number(positionId)} />;
}
