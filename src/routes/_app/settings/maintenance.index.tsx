import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { maintenanceEditor } from '../../../features/settings/maintenance';

/** A new maintenance. */
export const Route = createFileRoute('/_app/settings/maintenance/')({
  component: () => <EntityEditPage descriptor={maintenanceEditor} id={null} />,
});
