import { useMemo } from 'react';
import { createFileRoute, useParams } from '@tanstack/react-router';
import { SendCommandPage } from '../../../features/settings/SendCommandPage';

export const Route = createFileRoute('/_app/settings/group/$id_/command')({
  component: function Send() {
    const { id } = useParams({ from: '/_app/settings/group/$id_/command' });
    const target = useMemo(() => ({ groupId: Number(id) }), [id]);
    return <SendCommandPage key={id} target={target} />;
  },
});
