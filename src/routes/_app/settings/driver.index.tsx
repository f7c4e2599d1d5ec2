import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { driverEditor } from '../../../features/settings/entities';

/** A new driver. */
export const Route = createFileRoute('/_app/settings/driver/')({
  component: () => <EntityEditPage descriptor={driverEditor} id={null} />,
});
