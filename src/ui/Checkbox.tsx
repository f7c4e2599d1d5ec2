import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import * as styles from './Checkbox.css';
import { composeClass } from './cx';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children?: ReactNode;
}

/** A checkbox with its label as children; Space toggles it. */
export function Checkbox({ className, children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={composeClass(className, styles.checkbox)}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? (
              <svg className={styles.mark} viewBox="0 0 14 14" fill="none">
                <path d="M3 7h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            ) : isSelected ? (
              <svg className={styles.mark} viewBox="0 0 14 14" fill="none">
                <path d="M2.5 7.5l3 3 6-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            ) : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
