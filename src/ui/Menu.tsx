import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps as AriaMenuTriggerProps,
  type PopoverProps,
} from 'react-aria-components';
import * as styles from './Menu.css';
import { composeClass, cx } from './cx';
import { usePopoverBoundary } from './popoverBoundary';

export type MenuTriggerProps = AriaMenuTriggerProps;

/**
 * Pairs a trigger (our `Button`) with a `Menu`: the first child is the trigger, the second the
 * menu. Enter, Space or ArrowDown open it; focus moves into the menu.
 */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />;
}

export interface MenuProps<T extends object> extends AriaMenuProps<T> {
  placement?: PopoverProps['placement'];
}

/** A menu in a popover (e.g. the user menu: account, logout). */
export function Menu<T extends object>({ placement = 'top end', className, ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} className={styles.popover} {...usePopoverBoundary()}>
      <AriaMenu {...props} className={composeClass(className, styles.menu)} />
    </Popover>
  );
}

export interface MenuItemProps<T extends object = object> extends Omit<AriaMenuItemProps<T>, 'children'> {
  icon?: ReactNode;
  /** Shown in the error colour (logout, delete). */
  isDanger?: boolean;
  children?: ReactNode;
}

/** One menu entry; give `href` for navigation or `onAction` for an action. */
export function MenuItem<T extends object = object>({ icon, isDanger, className, children, textValue, ...props }: MenuItemProps<T>) {
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      className={composeClass(className, cx(styles.item, isDanger && styles.danger))}
    >
      {icon != null && <span className={styles.icon}>{icon}</span>}
      {children}
    </AriaMenuItem>
  );
}

/** A line between groups of menu entries (e.g. before Delete). */
export function MenuSeparator() {
  return <Separator className={styles.separator} />;
}
