import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { computedList } from '../../../features/settings/computed';

export const Route = createFileRoute('/_app/settings/attributes')({
  component: () => <EntityListPage descriptor={computedList} />,
});
