import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { geofenceList } from '../../../features/settings/geofences';

export const Route = createFileRoute('/_app/settings/geofences')({
  component: () => <EntityListPage descriptor={geofenceList} />,
});
