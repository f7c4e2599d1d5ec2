import type { ReactElement, ReactNode } from 'react';
import {
  Tooltip as AriaTooltip,
  TooltipTrigger as AriaTooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components';
import * as styles from './Tooltip.css';

export interface TooltipProps {
  /** The control the tooltip describes: a react-aria Button or Link (anything focusable through react-aria). */
  children: ReactElement;
  /** What the tooltip says; it describes the control (`aria-describedby` while shown), its name stays its own. */
  content: ReactNode;
  placement?: AriaTooltipProps['placement'];
}

/**
 * A react-aria tooltip on a control: shown on hover (after a short delay) and on keyboard focus,
 * hidden on press and by Escape; never on touch, where the control's own label is what a person reads.
 */
export function Tooltip({ children, content, placement = 'top' }: TooltipProps) {
  return (
    <AriaTooltipTrigger delay={600} closeDelay={0}>
      {children}
      <AriaTooltip placement={placement} offset={8} className={styles.tooltip}>
        {content}
      </AriaTooltip>
    </AriaTooltipTrigger>
  );
}
