import { createFileRoute, useParams } from '@tanstack/react-router';
import { AccumulatorsPage } from '../../../features/settings/AccumulatorsPage';

export const Route = createFileRoute('/_app/settings/accumulators/$deviceId')({
  component: function Accumulators() {
    const { deviceId } = useParams({ from: '/_app/settings/accumulators/$deviceId' });
    return <AccumulatorsPage key={deviceId} deviceId={Number(deviceId)} />;
  },
});
