import { createFileRoute } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../shared/guards';
import { LoginPage } from '../features/login/LoginPage';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => redirectIfSignedIn(context.services.session),
  component: Login,
});

/** The first map's code (src/routes/-mapPrefetch.ts), imported while the form waits. */
const loadMapCode = () => import('./-mapPrefetch').then((module) => module.prefetchMap());

function Login() {
  return <LoginPage loadMapCode={loadMapCode} />;
}
