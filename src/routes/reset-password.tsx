import { createFileRoute, useSearch } from '@tanstack/react-router';
import { redirectIfSignedIn } from '../shared/guards';
import { ResetPasswordPage } from '../features/login/ResetPasswordPage';

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { passwordReset?: string } =>
    typeof search.passwordReset === 'string' && /^[\w.-]{1,512}$/.test(search.passwordReset) ? { passwordReset: search.passwordReset } : {},
  beforeLoad: ({ context }) => redirectIfSignedIn(context.services.session),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { passwordReset } = useSearch({ from: '/reset-password' });
  return <ResetPasswordPage token={passwordReset ?? null} />;
}
