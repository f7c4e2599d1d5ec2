import { mergeProps, useFocusRing, useMove } from 'react-aria';
import * as styles from './PaneDivider.css';

/** How far one arrow key moves a divider, in CSS pixels. */
const KEY_STEP = 24;

export interface PaneDividerProps {
  /** `vertical`: between panes side by side (moves along x); `horizontal`: between stacked panes (along y) */
  orientation: 'vertical' | 'horizontal';
  /** what it resizes, for assistive technology ("Map size") */
  label: string;
  /** the size it sets now, within `min` and `max`, and as words (a percentage, a height) */
  value: number;
  min: number;
  max: number;
  valueText: string;
  /** the divider moved by `delta` CSS pixels along its axis (physical: + is right or down) */
  onMove(delta: number): void;
  /** a drag or a key press ended: the size may be kept */
  onMoveEnd(): void;
  'data-testid'?: string;
}

/**
 * The divider between two panes, dragged with a pointer or moved with the arrow keys once focused
 * (react-aria's `useMove`: a press of an arrow key moves it by 24 px). A window splitter in the ARIA
 * sense: a focusable separator with its value.
 */
export function PaneDivider({ orientation, label, value, min, max, valueText, onMove, onMoveEnd, ...rest }: PaneDividerProps) {
  const { moveProps } = useMove({
    onMove(event) {
      const delta = orientation === 'vertical' ? event.deltaX : event.deltaY;
      if (delta) onMove(event.pointerType === 'keyboard' ? Math.sign(delta) * KEY_STEP : delta);
    },
    onMoveEnd,
  });
  const { focusProps, isFocusVisible } = useFocusRing();
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={valueText}
      data-orientation={orientation}
      data-focus-visible={isFocusVisible || undefined}
      className={styles.divider}
      data-testid={rest['data-testid']}
      {...mergeProps(moveProps, focusProps)}
    />
  );
}
