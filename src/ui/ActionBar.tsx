import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Link as AriaLink,
  Toolbar,
  type ButtonProps as AriaButtonProps,
  type LinkProps as AriaLinkProps,
} from 'react-aria-components';
import { Tooltip } from './Tooltip';
import * as styles from './ActionBar.css';

export interface ActionBarProps {
  'aria-label': string;
  children: ReactNode;
  className?: string;
}

/**
 * A row of equal actions, each an icon over a short label (a card's Track, Replay, Edit…): a
 * react-aria `Toolbar` (Tab enters it once, arrow keys move between the actions, mirrored in
 * right-to-left). Every action is at least 44 × 44 px.
 */
export function ActionBar({ className, ...props }: ActionBarProps) {
  return <Toolbar {...props} className={className ? `${styles.bar} ${className}` : styles.bar} />;
}

interface ActionLook {
  icon: ReactNode;
  /** The visible label, also the action's accessible name. */
  label: string;
  /** A longer description in a tooltip (hover, keyboard focus); the label when absent. */
  tooltip?: string;
  /** Drawn as switched on (e.g. Track while the device is tracked). */
  isActive?: boolean;
}

function Content({ icon, label }: Pick<ActionLook, 'icon' | 'label'>) {
  return (
    <>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.label}>{label}</span>
    </>
  );
}

export type ActionButtonProps = ActionLook & Omit<AriaButtonProps, 'children' | 'className' | 'style'>;

/** An action that acts (a react-aria Button). Also the trigger of a `MenuTrigger`. */
export function ActionButton({ icon, label, tooltip, isActive, ...props }: ActionButtonProps) {
  return (
    <Tooltip content={tooltip ?? label}>
      <AriaButton {...props} className={styles.action} data-active={isActive || undefined}>
        <Content icon={icon} label={label} />
      </AriaButton>
    </Tooltip>
  );
}

export type ActionLinkProps = ActionLook & Omit<AriaLinkProps, 'children' | 'className' | 'style'>;

/** An action that navigates (a react-aria Link). */
export function ActionLink({ icon, label, tooltip, isActive, ...props }: ActionLinkProps) {
  return (
    <Tooltip content={tooltip ?? label}>
      <AriaLink {...props} className={styles.action} data-active={isActive || undefined}>
        <Content icon={icon} label={label} />
      </AriaLink>
    </Tooltip>
  );
}
