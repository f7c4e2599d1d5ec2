import { createFileRoute, useParams } from '@tanstack/react-router';
import { SharePage } from '../../../features/settings/SharePage';

export const Route = createFileRoute('/_app/settings/device/$id_/share')({
  component: function Share() {
    const { id } = useParams({ from: '/_app/settings/device/$id_/share' });
    return <SharePage key={id} deviceId={Number(id)} />;
  },
});
