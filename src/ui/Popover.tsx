import { useRef, type ReactElement, type ReactNode } from 'react';
import {
  Dialog,
  DialogTrigger,
  Heading,
  Popover as AriaPopover,
  type PopoverProps as AriaPopoverProps,
} from 'react-aria-components';
// react-aria is react-aria-components' own dependency (same release); its PortalProvider is the
// documented way to choose the portal container of every overlay below it
import { UNSAFE_PortalProvider } from 'react-aria';
import * as styles from './Popover.css';
import { usePopoverBoundary } from './popoverBoundary';

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
 * focus returns to the trigger. The popover, and any popover opened from inside it (a `Select`),
 * is portaled into the nearest themed element (`ThemeProvider`), not into `<body>`, so the theme
 * variables apply to it.
 */
export function PopoverDialog({ trigger, title, children, placement = 'bottom end' }: PopoverDialogProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const container = () => anchor.current?.closest<HTMLElement>('[data-theme]') ?? document.body;
  const boundary = usePopoverBoundary();
  return (
    <span ref={anchor} className={styles.anchor}>
      <UNSAFE_PortalProvider getContainer={container}>
        <DialogTrigger>
          {trigger}
          <AriaPopover placement={placement} className={styles.popover} {...boundary}>
            <Dialog className={styles.dialog}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {children}
            </Dialog>
          </AriaPopover>
        </DialogTrigger>
      </UNSAFE_PortalProvider>
    </span>
  );
}
