import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../features/settings/EntityListPage';
import { geofenceList } from '../../../features/settings/geofences';

export const Route = createFileRoute('/_app/settings/geofences')({
  component: () => <EntityListPage descriptor={geofenceList} />,
});
