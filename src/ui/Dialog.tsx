import type { CSSProperties, ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
  type ModalOverlayProps,
} from 'react-aria-components';
import { Button } from './Button';
import * as styles from './Dialog.css';
import { cx } from './cx';
import { CloseIcon } from './icons';

export type DialogProps = AriaDialogProps;

/** A react-aria Dialog with the design-system padding; usually placed inside `Modal`. */
export function Dialog({ className, ...props }: DialogProps) {
  return <AriaDialog {...props} className={cx(styles.dialog, className)} />;
}

export interface ModalProps extends Omit<ModalOverlayProps, 'children' | 'className'> {
  children?: ReactNode;
  /** Fills the screen on narrow screens. */
  fullScreenOnPhone?: boolean;
  /** Another class on the overlay (e.g. a fade). */
  overlayClassName?: string;
  /** The surface's own colours (an announcement's), over the theme's. */
  surfaceStyle?: CSSProperties;
}

/** Overlay + modal surface. Focus is contained; the page behind is inert. */
export function Modal({ children, fullScreenOnPhone = false, overlayClassName, surfaceStyle, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} className={cx(styles.overlay, fullScreenOnPhone && styles.overlayFullScreenOnPhone, overlayClassName)}>
      <AriaModal className={cx(styles.modal, fullScreenOnPhone && styles.fullScreenOnPhone)} style={surfaceStyle}>
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

export interface ModalDialogProps {
  isOpen: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  /** Closes on outside click and Escape. Default true. */
  isDismissable?: boolean;
  /** When given, a close button with this accessible label is shown in the header. */
  closeLabel?: string;
  /** Action buttons shown under the content. */
  actions?: ReactNode;
  fullScreenOnPhone?: boolean;
}

/** A titled modal dialog. */
export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  isDismissable = true,
  closeLabel,
  actions,
  fullScreenOnPhone,
}: ModalDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      fullScreenOnPhone={fullScreenOnPhone}
    >
      <Dialog>
        {({ close }) => (
          <>
            <div className={styles.header}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {closeLabel != null && (
                <Button variant="quiet" aria-label={closeLabel} onPress={close}>
                  <CloseIcon />
                </Button>
              )}
            </div>
            <div className={styles.body}>{children}</div>
            {actions != null && <div className={styles.actions}>{actions}</div>}
          </>
        )}
      </Dialog>
    </Modal>
  );
}

export interface AlertDialogProps {
  title: ReactNode;
  children?: ReactNode;
  primaryActionLabel: ReactNode;
  /** When omitted, no cancel button is shown. */
  cancelLabel?: ReactNode;
  onPrimaryAction: () => void;
  onCancel?: () => void;
  /** Default true. */
  isOpen?: boolean;
  /** Outside clicks never close an alert dialog. */
  isDismissable?: false;
  /**
   * Escape is its Cancel (default: a question such as 'Remove item?'); `false` for a choice that
   * must be made with a button (terms to accept or decline). Never while its action is under way.
   */
  escapeCancels?: boolean;
  variant?: 'primary' | 'danger';
  isPrimaryActionPending?: boolean;
}

/**
 * A blocking `alertdialog` (e.g. the terms the user must accept before using the app, or 'Remove
 * item?'). It is closed by its buttons, and by Escape as its Cancel unless `escapeCancels` is false:
 * the owner decides when it goes away (set `isOpen`).
 */
export function AlertDialog({
  title,
  children,
  primaryActionLabel,
  cancelLabel,
  onPrimaryAction,
  onCancel,
  isOpen = true,
  variant = 'primary',
  isPrimaryActionPending,
  escapeCancels = true,
}: AlertDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      isDismissable={false}
      isKeyboardDismissDisabled={!escapeCancels || onCancel == null || isPrimaryActionPending === true}
      onOpenChange={(open) => {
        if (!open) onCancel?.();
      }}
    >
      <Dialog role="alertdialog">
        <Heading slot="title" className={styles.title}>
          {title}
        </Heading>
        <div className={styles.body}>{children}</div>
        <div className={styles.actions}>
          {/* a destructive dialog opens on its safe action: Enter must never delete by accident */}
          {cancelLabel != null && (
            <Button variant="secondary" onPress={onCancel} autoFocus={variant === 'danger'}>
              {cancelLabel}
            </Button>
          )}
          <Button variant={variant} onPress={onPrimaryAction} isPending={isPrimaryActionPending} autoFocus={variant !== 'danger' || cancelLabel == null}>
            {primaryActionLabel}
          </Button>
        </div>
      </Dialog>
    </Modal>
  );
}
