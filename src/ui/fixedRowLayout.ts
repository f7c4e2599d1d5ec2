import { Layout, LayoutInfo, Rect, Size, type Key } from 'react-aria-components';
import type { InvalidationContext } from 'react-stately/useVirtualizerState';

export interface FixedRowLayoutOptions {
  /** every row's height in pixels */
  rowHeight: number;
}

/**
 * A virtualiser layout for a flat list whose rows all have one height (the tables of the settings
 * and the reports): the rows under a rectangle are found by arithmetic, so a frame costs the rows
 * on screen whatever the list's length or how far it was scrolled.
 *
 * react-stately's `ListLayout` keeps the union of every rectangle asked for and walks the rows from
 * the first on each frame, so scrolling a 100,000-row report to its end got slower the further it
 * went (4 fps at the bottom in `npm run bench:reports`). Sections, loaders and rows of different
 * heights are not supported here: use `ListLayout` for those.
 */
export class FixedRowLayout extends Layout {
  private rowHeight: number;
  /** the rows in order, and each key's index */
  private keys: Key[] = [];
  private index = new Map<Key, number>();
  private lastCollection: unknown = null;
  private width = 0;
  /** layout infos made so far for this collection and width (the virtualiser compares them by identity) */
  private infos = new Map<Key, LayoutInfo>();

  constructor(options: Partial<FixedRowLayoutOptions> = {}) {
    super();
    this.rowHeight = options.rowHeight ?? 48;
  }

  override shouldInvalidateLayoutOptions(next: FixedRowLayoutOptions, previous: FixedRowLayoutOptions): boolean {
    return next.rowHeight !== previous.rowHeight;
  }

  override update(context: InvalidationContext<FixedRowLayoutOptions>): void {
    const virtualizer = this.virtualizer!;
    const collection = virtualizer.collection;
    const rowHeight = context.layoutOptions?.rowHeight ?? this.rowHeight;
    const width = virtualizer.size.width;
    if (collection !== this.lastCollection) {
      this.lastCollection = collection;
      this.keys = [];
      this.index = new Map();
      for (const node of collection) {
        if (node.type !== 'item') continue;
        this.index.set(node.key, this.keys.length);
        this.keys.push(node.key);
      }
      this.infos = new Map();
    } else if (rowHeight !== this.rowHeight || width !== this.width) {
      this.infos = new Map();
    }
    this.rowHeight = rowHeight;
    this.width = width;
  }

  private info(index: number): LayoutInfo {
    const key = this.keys[index]!;
    let info = this.infos.get(key);
    if (!info) {
      info = new LayoutInfo('item', key, new Rect(0, index * this.rowHeight, this.width, this.rowHeight));
      info.allowOverflow = true;
      this.infos.set(key, info);
    }
    return info;
  }

  getVisibleLayoutInfos(rect: Rect): LayoutInfo[] {
    const count = this.keys.length;
    if (count === 0) return [];
    const first = Math.max(0, Math.floor(rect.y / this.rowHeight));
    const last = Math.min(count - 1, Math.ceil(rect.maxY / this.rowHeight) - 1);
    const result: LayoutInfo[] = [];
    for (let k = first; k <= last; k++) result.push(this.info(k));
    // the focused row stays in the document while it is scrolled away (keyboard focus is kept)
    for (const key of this.virtualizer?.persistedKeys ?? []) {
      const index = this.index.get(key);
      if (index !== undefined && (index < first || index > last)) result.push(this.info(index));
    }
    return result;
  }

  getLayoutInfo(key: Key): LayoutInfo | null {
    const index = this.index.get(key);
    return index === undefined ? null : this.info(index);
  }

  getContentSize(): Size {
    return new Size(this.width, this.keys.length * this.rowHeight);
  }
}
