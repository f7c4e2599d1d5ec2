import { useLingui } from '@lingui/react/macro';
import { AuthLayout, Link } from '../ui';

export function NotFound() {
  const { t } = useLingui();
  return (
    <AuthLayout productName={t`Athar`}>
      <h1>{t`Page not found`}</h1>
      <p>{t`This page does not exist in this version of Athar.`}</p>
      <Link href="/">{t`Back to the map`}</Link>
    </AuthLayout>
  );
}
