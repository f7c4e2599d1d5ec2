import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { commandEditor } from '../../../features/settings/commands';

/** A new saved command. */
export const Route = createFileRoute('/_app/settings/command/')({
  component: () => <EntityEditPage descriptor={commandEditor} id={null} />,
});
