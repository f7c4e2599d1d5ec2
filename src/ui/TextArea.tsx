import { TextArea as AriaTextArea } from 'react-aria-components';
import { TextField, type TextFieldProps } from './TextField';
import { area } from './TextArea.css';

/**
 * A labelled text of several lines (a message): a `TextField` whose control is a text area.
 * Imported from its own file, not the index, so the sign-in page does not carry it.
 */
export function TextArea({ placeholder, inputDir, ...props }: Omit<TextFieldProps, 'control'>) {
  return <TextField {...props} control={<AriaTextArea className={area} placeholder={placeholder} dir={inputDir} />} />;
}
