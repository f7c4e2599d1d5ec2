import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { groupEditor } from '../../../features/settings/entities';

/** A new group. */
export const Route = createFileRoute('/_app/settings/group/')({
  component: () => <EntityEditPage descriptor={groupEditor} id={null} />,
});
