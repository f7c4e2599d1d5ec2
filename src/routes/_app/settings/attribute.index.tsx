import { createFileRoute } from '@tanstack/react-router';
import { EntityEditPage } from '../../../features/settings/EntityEditPage';
import { computedEditor } from '../../../features/settings/computed';

/** A new computed attribute. */
export const Route = createFileRoute('/_app/settings/attribute/')({
  component: () => <EntityEditPage descriptor={computedEditor} id={null} />,
});
