import { useCallback, useSyncExternalStore } from 'react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastList as AriaToastList,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
// react-aria is react-aria-components' own dependency (same release): its PortalProvider chooses
// where the toast region is portalled (the toasts' place rather than the body)
import { UNSAFE_PortalProvider } from 'react-aria';
import { Button } from './Button';
import * as styles from './Toast.css';
import { CloseIcon } from './icons';
import { useToastPlace } from './toastPlaceStore';
import { ToastQueue, type ToastContent, type ToastQueueOptions } from './toastQueue';

export { ToastQueue, type ToastContent, type ToastQueueOptions } from './toastQueue';

/**
 * A queue of toasts (react-aria's, with a count of the folded ones and a longest stay):
 * `queue.add({ title }, { timeout: 2750 })`, `queue.close(key)`.
 */
export function createToastQueue(options: ToastQueueOptions = {}): ToastQueue {
  return new ToastQueue<ToastContent>(options);
}

export interface ToastRegionProps {
  queue: ToastQueue;
  /** Accessible name of the region (a landmark: F6 moves focus to it). */
  'aria-label': string;
  /** Accessible label of each toast's close button. */
  closeLabel: string;
  /** The text of the count of folded toasts ("+5 more events"); without it, no count is shown. */
  foldedLabel?: (count: number) => string;
  /** Pressing the count (e.g. opens the list the toasts come from). */
  onFoldedPress?: () => void;
}

/** How many toasts wait beyond the visible ones, re-read when the queue changes. */
function useFolded(queue: ToastQueue): number {
  const subscribe = useCallback((onChange: () => void) => queue.subscribe(onChange), [queue]);
  const read = useCallback(() => queue.folded, [queue]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The toasts: react-aria's ToastRegion (a landmark announced by screen readers; the auto-hide
 * pauses while the pointer or the focus is on it, up to the queue's longest stay), portalled into
 * the toasts' place (ToastPlace), newest first, then the count of the folded ones as a button.
 */
export function ToastRegion({ queue, closeLabel, foldedLabel, onFoldedPress, ...props }: ToastRegionProps) {
  const place = useToastPlace();
  const folded = useFolded(queue);
  if (place === null) return null;
  return (
    <UNSAFE_PortalProvider getContainer={() => place}>
      <AriaToastRegion queue={queue} aria-label={props['aria-label']} className={styles.region} data-testid="toast-region">
        <AriaToastList<ToastContent> className={styles.list}>
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
        </AriaToastList>
        {folded > 0 && foldedLabel && (
          <Button variant="secondary" className={styles.folded} onPress={onFoldedPress} data-testid="toasts-folded">
            {foldedLabel(folded)}
          </Button>
        )}
      </AriaToastRegion>
    </UNSAFE_PortalProvider>
  );
}
