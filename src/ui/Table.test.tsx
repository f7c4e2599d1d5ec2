import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ROWS, useFirstRowsFirst } from './Table';

afterEach(cleanup);

/** The lengths of the list each render of the hook gave, in order. */
function renders(lists: ReadonlyArray<readonly number[]>): number[] {
  const seen: number[] = [];
  function Probe({ rows }: { rows: readonly number[] }) {
    seen.push(useFirstRowsFirst(rows).length);
    return null;
  }
  const first = lists[0] ?? [];
  const view = render(<Probe rows={first} />);
  for (const rows of lists.slice(1)) view.rerender(<Probe rows={rows} />);
  return seen;
}

const list = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('a table shows a long list first rows first (useFirstRowsFirst)', () => {
  it('opening on a long list: its first rows, then all of it', () => {
    const seen = renders([list(250)]);
    expect(seen[0]).toBe(FIRST_ROWS);
    expect(seen.at(-1)).toBe(250);
  });

  it('a long list after none (a report run): its first rows, then all of it', () => {
    const seen = renders([[], list(1000)]);
    expect(seen).toContain(FIRST_ROWS);
    expect(seen.indexOf(FIRST_ROWS)).toBeLessThan(seen.lastIndexOf(1000));
    expect(seen.at(-1)).toBe(1000);
  });

  it('a table that shows rows takes a new list whole (a sort, a live update): never fewer rows in between', () => {
    const seen = renders([list(500), list(600), list(450)]);
    const afterFirst = seen.slice(seen.indexOf(500));
    expect(afterFirst.every((n) => n === 500 || n === 600 || n === 450)).toBe(true);
    expect(seen.at(-1)).toBe(450);
  });

  it('a short list is shown whole at once', () => {
    expect(renders([list(FIRST_ROWS)]).every((n) => n === FIRST_ROWS)).toBe(true);
    expect(renders([[], list(3)]).filter((n) => n > 0).every((n) => n === 3)).toBe(true);
  });
});
