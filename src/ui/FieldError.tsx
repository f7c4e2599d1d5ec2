import { FieldError as AriaFieldError, type FieldErrorProps as AriaFieldErrorProps } from 'react-aria-components';
import * as styles from './Field.css';
import { composeClass } from './cx';

export type FieldErrorProps = AriaFieldErrorProps;

/** Validation message of the surrounding field; shown only while the field is invalid. */
export function FieldError({ className, ...props }: FieldErrorProps) {
  return <AriaFieldError {...props} className={composeClass(className, styles.fieldError)} />;
}
