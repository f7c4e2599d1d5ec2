import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../shared/guards';
import { RegisterPage } from '../features/login/RegisterPage';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.services.session),
  component: RegisterPage,
});
