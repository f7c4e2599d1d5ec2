import type { ReactNode } from 'react';
import {
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  type ValidationResult,
} from 'react-aria-components';
import * as styles from './Field.css';
import { composeClass } from './cx';
import { FieldError } from './FieldError';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label?: ReactNode;
  description?: ReactNode;
  /** Shown when the field is invalid (server errors: pass `isInvalid` too). */
  errorMessage?: ReactNode | ((validation: ValidationResult) => ReactNode);
  placeholder?: string;
  /** The direction of the typed text alone (identifiers, emails, URLs: `ltr`); label and help follow the page. */
  inputDir?: 'ltr' | 'rtl' | 'auto';
  /** another control in place of the one-line input (`TextArea`'s lines) */
  control?: ReactNode;
}

/**
 * Labelled text input. `type`, `autoComplete`, `name`, `isRequired`, `validate`, `value` and
 * `onChange` are react-aria's own props.
 */
export function TextField({ label, description, errorMessage, placeholder, className, inputDir, control, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={composeClass(className, styles.field)}>
      {label != null && <Label className={styles.label}>{label}</Label>}
      {control ?? <Input className={styles.input} placeholder={placeholder} dir={inputDir} />}
      {description != null && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
