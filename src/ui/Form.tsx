import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import * as styles from './Form.css';
import { cx } from './cx';

export type FormProps = AriaFormProps;

/**
 * react-aria Form: native submit (Enter in a field submits), `validationErrors` for server
 * errors keyed by field name, `validationBehavior` 'native' | 'aria'.
 */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm {...props} className={cx(styles.form, className)} />;
}
