import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../features/app/guards';
import { Shell } from '../features/shell/Shell';

/** The protected shell: everything below needs a session. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    await requireUser(context.services.session, location.href);
    // the live store comes with the signed-in side: there before anything below reads it
    await context.services.loadLive();
  },
  component: Shell,
});
