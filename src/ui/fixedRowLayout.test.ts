import { describe, expect, it } from 'vitest';
import { Rect, Size } from 'react-aria-components';
import { FixedRowLayout } from './fixedRowLayout';

/** The parts of a virtualiser the layout reads: its collection (top-level nodes), size and persisted keys. */
function attach(layout: FixedRowLayout, count: number, options: { width?: number; persisted?: number[]; extra?: Array<{ type: string; key: string }> } = {}) {
  const nodes: Array<{ type: string; key: string | number }> = [...(options.extra ?? []), ...Array.from({ length: count }, (_, k) => ({ type: 'item', key: k + 1 }))];
  const virtualizer = {
    collection: { [Symbol.iterator]: () => nodes[Symbol.iterator](), size: nodes.length },
    size: new Size(options.width ?? 600, 400),
    persistedKeys: new Set(options.persisted ?? []),
  };
  (layout as unknown as { virtualizer: unknown }).virtualizer = virtualizer;
  layout.update({ layoutOptions: { rowHeight: 48 } });
  return virtualizer;
}

describe('FixedRowLayout', () => {
  it('finds the rows under a rectangle by arithmetic, wherever it is', () => {
    const layout = new FixedRowLayout();
    attach(layout, 100_000);
    expect(layout.getContentSize()).toEqual(new Size(600, 4_800_000));
    const top = layout.getVisibleLayoutInfos(new Rect(0, 0, 600, 400));
    expect(top.map((info) => info.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // the last rows: 99,992 starts at 4,799,568 (a partly visible row counts)
    const bottom = layout.getVisibleLayoutInfos(new Rect(0, 4_799_600, 600, 400));
    expect(bottom[0]!.key).toBe(99_992);
    expect(bottom.at(-1)!.key).toBe(100_000);
    expect(bottom.at(-1)!.rect).toEqual(new Rect(0, 99_999 * 48, 600, 48));
    // a rectangle past the end (overscroll) asks for nothing that is not there
    expect(layout.getVisibleLayoutInfos(new Rect(0, 5_000_000, 600, 400))).toEqual([]);
  });

  it('keeps a persisted (focused) row that is scrolled away, and answers any key at once', () => {
    const layout = new FixedRowLayout();
    attach(layout, 1_000, { persisted: [3] });
    const far = layout.getVisibleLayoutInfos(new Rect(0, 48 * 500, 600, 96));
    expect(far.map((info) => info.key)).toEqual([501, 502, 3]);
    expect(layout.getLayoutInfo(800)!.rect.y).toBe(799 * 48);
    expect(layout.getLayoutInfo('nothing')).toBeNull();
    // the same info object while nothing changed (the virtualiser compares by identity)
    expect(layout.getLayoutInfo(800)).toBe(layout.getLayoutInfo(800));
  });

  it('lays out items only, follows a new collection and a new width', () => {
    const layout = new FixedRowLayout();
    const virtualizer = attach(layout, 3, { extra: [{ type: 'loader', key: 'loader' }] });
    expect(layout.getVisibleLayoutInfos(new Rect(0, 0, 600, 1000)).map((info) => info.key)).toEqual([1, 2, 3]);
    const before = layout.getLayoutInfo(2);
    virtualizer.size = new Size(300, 400);
    layout.update({ layoutOptions: { rowHeight: 48 } });
    expect(layout.getLayoutInfo(2)).not.toBe(before);
    expect(layout.getLayoutInfo(2)!.rect.width).toBe(300);
    virtualizer.collection = { [Symbol.iterator]: () => [{ type: 'item', key: 9 }][Symbol.iterator](), size: 1 };
    layout.update({ layoutOptions: { rowHeight: 40 } });
    expect(layout.getContentSize()).toEqual(new Size(300, 40));
    expect(layout.getLayoutInfo(2)).toBeNull();
  });

  it('an empty list has no height and no rows', () => {
    const layout = new FixedRowLayout();
    attach(layout, 0);
    expect(layout.getContentSize().height).toBe(0);
    expect(layout.getVisibleLayoutInfos(new Rect(0, 0, 600, 400))).toEqual([]);
  });
});
