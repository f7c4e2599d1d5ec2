import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../features/app/guards';
import { LoginPage } from '../features/login/LoginPage';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.services.session),
  component: LoginPage,
});
