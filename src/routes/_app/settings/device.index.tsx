import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { deviceEditor } from '../../../features/settings/entities';

/** A new device. */
export const Route = createFileRoute('/_app/settings/device/')({
  component: () => <EntityEditPage descriptor={deviceEditor} id={null} />,
});
