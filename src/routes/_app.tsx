import { createFileRoute } from '@tanstack/react-router';
import { requireUser } from '../features/app/guards';
import { Shell } from '../features/shell/Shell';

/** The protected shell: everything below needs a session. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => requireUser(context.services.session, location.href),
  component: Shell,
});
