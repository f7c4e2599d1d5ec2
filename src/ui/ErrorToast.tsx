import { Button } from './Button';
import * as styles from './ErrorToast.css';
import { CloseIcon } from './icons';

export interface ErrorToastProps {
  /** Shown as plain text, never parsed as markup. */
  message: string;
  onClose: () => void;
  /** Accessible label of the close button. */
  closeLabel: string;
}

/** The red error toast (one message at a time), placed by its container at the bottom of the screen. */
export function ErrorToast({ message, onClose, closeLabel }: ErrorToastProps) {
  return (
    <div role="alert" className={styles.toast}>
      <span className={styles.message}>{message}</span>
      <Button variant="quiet" className={styles.close} aria-label={closeLabel} onPress={onClose}>
        <CloseIcon />
      </Button>
    </div>
  );
}
