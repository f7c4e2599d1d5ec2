import type { ReactElement, ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components';
import * as styles from './Popover.css';

export interface PopoverDialogProps {
  /** The trigger: one of our `Button`s. */
  trigger: ReactElement;
  /** The dialog's visible title (also its accessible name). */
  title: ReactNode;
  children: ReactNode;
  placement?: AriaPopoverProps['placement'];
}

/**
 * A non-modal panel opened by a button (e.g. the map's layers menu): a react-aria `DialogTrigger`
 * with a `Popover` and a `Dialog`. Enter or Space opens it, focus moves in, Escape closes it and
 * focus returns to the trigger.
 */
export function PopoverDialog({ trigger, title, children, placement = 'bottom end' }: PopoverDialogProps) {
  return (
    <DialogTrigger>
      {trigger}
      <AriaPopover placement={placement} className={styles.popover}>
        <Dialog className={styles.dialog}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </AriaPopover>
    </DialogTrigger>
  );
}
