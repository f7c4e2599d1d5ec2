import { UNSTABLE_ToastQueue as AriaToastQueue } from 'react-aria-components';

/** What a toast shows: plain text only (never parsed as markup). */
export interface ToastContent {
  title: string;
  description?: string;
}

export interface ToastQueueOptions {
  /** Toasts shown at once (newest first); the others wait, folded into a count. */
  maxVisibleToasts?: number;
  /**
   * The longest a toast stays, in milliseconds from when it was added, whether it is shown,
   * held (react-aria pauses the auto-hide while the pointer or the focus is on the toasts) or
   * folded. None by default.
   */
  maxLifetimeMs?: number;
}

/**
 * When a toast's deadline comes, the toasts due less than this much after it close with it: under a
 * stream of events (tens a second on a large fleet) the deadlines would otherwise close one toast
 * per task, and every close renders the toasts again. A toast so closes at most this much early,
 * never late.
 */
export const CLOSE_TOGETHER_MS = 1_000;

/**
 * react-aria's toast queue (it holds the toasts, which are shown and which wait, and pauses the
 * auto-hide while they are hovered or focused) with two additions: how many toasts wait beyond
 * the visible ones (`folded`, read with `subscribe` like the visible toasts), and a deadline per
 * toast that closes it `maxLifetimeMs` after it was added, however long it was held.
 */
export class ToastQueue<T = ToastContent> extends AriaToastQueue<T> {
  /** The toasts added and not yet closed (a key is forgotten once, however often it is closed). */
  readonly #open = new Set<string>();
  /** A toast being added: react-aria tells its subscribers before its key is known here. */
  #adding = 0;
  readonly #deadlines = new Map<string, ReturnType<typeof setTimeout>>();
  /** when each toast with a deadline is due (Date.now()) */
  readonly #due = new Map<string, number>();
  readonly #maxLifetimeMs: number | undefined;

  constructor(options: ToastQueueOptions = {}) {
    super({ maxVisibleToasts: options.maxVisibleToasts ?? 3 });
    this.#maxLifetimeMs = options.maxLifetimeMs;
  }

  /** Toasts added and not yet closed, shown or not. */
  get size(): number {
    return this.#open.size + this.#adding;
  }

  /** Toasts waiting beyond the visible ones. */
  get folded(): number {
    return Math.max(0, this.size - this.visibleToasts.length);
  }

  override add(content: T, options: { timeout?: number; onClose?: () => void } = {}): string {
    const onClose = options.onClose;
    let key = '';
    // counted before react-aria tells its subscribers, so that they read the new count
    this.#adding += 1;
    try {
      key = super.add(content, {
        ...options,
        onClose: () => {
          this.#open.delete(key);
          this.#forget(key);
          onClose?.();
        },
      });
    } finally {
      this.#adding -= 1;
    }
    this.#open.add(key);
    if (this.#maxLifetimeMs !== undefined) {
      this.#due.set(key, Date.now() + this.#maxLifetimeMs);
      this.#deadlines.set(
        key,
        setTimeout(() => this.#expire(key), this.#maxLifetimeMs),
      );
    }
    return key;
  }

  /** A deadline came: this toast closes, and with it those due within CLOSE_TOGETHER_MS (one render). */
  #expire(key: string): void {
    const limit = (this.#due.get(key) ?? Date.now()) + CLOSE_TOGETHER_MS;
    const due = [...this.#due].filter(([, at]) => at < limit).map(([other]) => other);
    for (const other of due) this.close(other);
    // a key react-aria no longer knows (closed already) is forgotten here
    this.#forget(key);
  }

  override clear(): void {
    for (const timer of this.#deadlines.values()) clearTimeout(timer);
    this.#deadlines.clear();
    this.#due.clear();
    this.#open.clear();
    super.clear();
  }

  #forget(key: string): void {
    const timer = this.#deadlines.get(key);
    if (timer !== undefined) clearTimeout(timer);
    this.#deadlines.delete(key);
    this.#due.delete(key);
  }
}
