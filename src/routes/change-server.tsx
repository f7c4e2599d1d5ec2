import { createFileRoute } from '@tanstack/react-router';
import { ChangeServerPage } from '../features/login/ChangeServerPage';

export const Route = createFileRoute('/change-server')({
  component: ChangeServerPage,
});
