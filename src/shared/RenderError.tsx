import { useLingui } from '@lingui/react/macro';
import { Alert } from '../ui';
import * as styles from './app.css';
import { errorText } from '../domain/errors';

/**
 * A rendering error (the spec: "a rendering error shows the stack trace in an error alert"): the
 * message and the stack as text in an error alert, which reloads the page when dismissed.
 */
export function RenderError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const message = errorText(error);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  return (
    <div className={styles.centered} data-testid="render-error">
      <Alert variant="error" title={t`Something went wrong`} onDismiss={() => window.location.reload()} dismissLabel={t`Reload`}>
        <pre className={styles.errorStack} tabIndex={0} dir="ltr">{stack.includes(message) ? stack : `${message}\n${stack}`}</pre>
      </Alert>
    </div>
  );
}
