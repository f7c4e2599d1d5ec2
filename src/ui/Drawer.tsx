import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button';
import * as styles from './Drawer.css';
import { CloseIcon } from './icons';

export interface DrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  /** Accessible label of the close button. */
  closeLabel: string;
  /** Buttons shown in the header before the close button. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal side sheet on the inline-end side (the events drawer: 320 px, full width on phones).
 * Escape and an outside click close it; focus is contained while it is open.
 */
export function Drawer({ isOpen, onOpenChange, title, closeLabel, actions, children }: DrawerProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
      <Modal className={styles.drawer}>
        <Dialog className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {actions}
                <Button variant="quiet" aria-label={closeLabel} onPress={close}>
                  <CloseIcon />
                </Button>
              </div>
              <div className={styles.body}>{children}</div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
