import { Label, Text, TextArea as AriaTextArea, TextField as AriaTextField } from 'react-aria-components';
import type { TextFieldProps } from './TextField';
import * as styles from './Field.css';
import { area } from './TextArea.css';
import { composeClass } from './cx';
import { FieldError } from './FieldError';

/**
 * A labelled text of several lines (a message). The same props as `TextField`; imported from
 * its own file, not the index, so the sign-in page does not carry it.
 */
export function TextArea({ label, description, errorMessage, placeholder, className, inputDir, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={composeClass(className, styles.field)}>
      {label != null && <Label className={styles.label}>{label}</Label>}
      <AriaTextArea className={area} placeholder={placeholder} dir={inputDir} />
      {description != null && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
