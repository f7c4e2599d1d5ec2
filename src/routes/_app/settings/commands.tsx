import { createFileRoute } from '@tanstack/react-router';
import { EntityListPage } from '../../../shared/entity/EntityListPage';
import { commandList } from '../../../features/settings/commands';

export const Route = createFileRoute('/_app/settings/commands')({
  component: () => <EntityListPage descriptor={commandList} />,
});
