import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../shared/guards';
import { Shell } from '../features/shell/Shell';
import { SHELL_PARTS } from './-shellParts';

/** The protected shell: everything below needs a session. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await requireUser(context.services.session, location.href);
    // the live store comes with the signed-in side: there before anything below reads it
    await context.services.loadLive();
  },
  component: AppLayout,
});

function AppLayout() {
  return <Shell parts={SHELL_PARTS} />;
}
