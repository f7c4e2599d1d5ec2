import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import * as styles from './Toast.css';
import { CloseIcon } from './icons';

/** What a toast shows: plain text only (never parsed as markup). */
export interface ToastContent {
  title: string;
  description?: string;
}

export type ToastQueue = AriaToastQueue<ToastContent>;

/** A queue of toasts (react-aria's): `queue.add({ title }, { timeout: 2750 })`, `queue.close(key)`. */
export function createToastQueue(options: { maxVisibleToasts?: number } = {}): ToastQueue {
  return new AriaToastQueue<ToastContent>({ maxVisibleToasts: options.maxVisibleToasts ?? 3 });
}

export interface ToastRegionProps {
  queue: ToastQueue;
  /** Accessible name of the region (a landmark: F6 moves focus to it). */
  'aria-label': string;
  /** Accessible label of each toast's close button. */
  closeLabel: string;
  /** Optional trailing content per toast. */
  renderExtra?: (content: ToastContent) => ReactNode;
}

/**
 * The event toasts: react-aria's ToastRegion (a landmark announced by screen readers; the
 * auto-hide timer pauses while the pointer or the focus is on it). Top inline-end corner, full
 * width on phones.
 */
export function ToastRegion({ queue, closeLabel, ...props }: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} aria-label={props['aria-label']} className={styles.region}>
      {({ toast }) => (
        <AriaToast toast={toast} className={styles.toast} data-testid="event-toast">
          <AriaToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description != null && (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            )}
          </AriaToastContent>
          <AriaButton slot="close" aria-label={closeLabel} className={styles.close}>
            <CloseIcon />
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
