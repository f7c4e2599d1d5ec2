import { createFileRoute } from '@tanstack/react-router';
import { ServerPage } from '../../../features/settings/singletons';

export const Route = createFileRoute('/_app/settings/server')({
  component: ServerPage,
});
