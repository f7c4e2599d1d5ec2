import { useCallback, useDeferredValue, useMemo, type CSSProperties, type ReactNode } from 'react';
import { Button, GridList, GridListItem, Virtualizer, type Selection, type SortDescriptor } from 'react-aria-components';
import { FixedRowLayout } from './fixedRowLayout';
import * as styles from './Table.css';

export interface TableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the column that names the row (its text is the row's accessible name) */
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  /** width of the column: pixels, or a share such as '2fr' (1fr otherwise) */
  width?: number | `${number}fr`;
  /**
   * The least width of a shared column, in pixels. In a table whose texts wrap: what its longest
   * unbreakable text needs (a time, a coordinate), 70 otherwise (a figure and its unit wrap). In
   * one whose texts keep to a line: what its texts need (a phone number), never under 112.
   */
  minWidth?: number;
}

export interface TableProps<T extends { id: number }> {
  'aria-label': string;
  rows: readonly T[];
  /** memoise them: new columns re-render every row */
  columns: ReadonlyArray<TableColumn<T>>;
  /** the row's name for assistive technology and type-ahead */
  textValue: (row: T) => string;
  sort?: SortDescriptor;
  onSortChange?: (sort: SortDescriptor) => void;
  /** the label of a column's sort button (translated by the caller): 'Sort by Name', 'Name, ascending' */
  sortLabel: (header: string, direction: SortDescriptor['direction'] | null) => string;
  /** the row's primary action (Enter, click): usually opening it */
  onRowAction?: (row: T) => void;
  /** one row can be selected (a report's row shown on the map): the selected row's id */
  selectedId?: number | null;
  onSelect?: (row: T | null) => void;
  empty: ReactNode;
  /**
   * Texts wrap within their cells, on up to two lines (rows and headings are taller), rather than
   * being cut on one: a report's figures stay whole beside its map.
   */
  wrap?: boolean;
}

const ROW_HEIGHT = 48;
const WRAPPED_ROW_HEIGHT = 60;
const LAYOUT = { rowHeight: ROW_HEIGHT };
const WRAPPED_LAYOUT = { rowHeight: WRAPPED_ROW_HEIGHT };
/** How many rows a table that had none shows in the first render of a long list (see `useFirstRowsFirst`). */
export const FIRST_ROWS = 100;
const NO_ROWS: readonly never[] = [];

/**
 * A long list that arrives in a table with no rows (a report run, a page opened) is shown in two
 * renders: its first `FIRST_ROWS` at once, then all of it in a background render, which React
 * interrupts for input and frames. Building the list's collection is about 7 µs a row: at a
 * report's 100,000 positions that was 0.7 s of one task before the first row showed
 * (bench:reports). A table that already shows rows takes a new list whole, in one render: a sort
 * or a live update never shrinks the list under the person's scroll position.
 */
export function useFirstRowsFirst<T>(rows: readonly T[]): readonly T[] {
  const deferred = useDeferredValue<readonly T[]>(rows, NO_ROWS);
  const head = useMemo(() => (rows.length > FIRST_ROWS ? rows.slice(0, FIRST_ROWS) : rows), [rows]);
  return deferred !== rows && deferred.length === 0 ? head : rows;
}

/** narrower columns scroll sideways rather than cut every text to a letter (phones) */
const MIN_COLUMN_WIDTH = 112;
/**
 * A wrapped text needs less: on a desktop what its column says it needs (a figure and its unit on
 * two lines in 70 px, a date and its time in 86); on a phone, where the table scrolls sideways
 * anyway, up to 126 px, so that a date is not broken inside its digits.
 */
const MIN_WRAPPED_COLUMN_WIDTH = 70;
const wrappedLeast = (minWidth = MIN_WRAPPED_COLUMN_WIDTH) => `max(${minWidth}px, calc(150px - 6vw))`;

function track(width: TableColumn<unknown>['width'], least: number | string): { template: string; min: string } {
  if (typeof width === 'number') return { template: `${width}px`, min: `${width}px` };
  const min = typeof least === 'number' ? `${least}px` : least;
  return { template: `minmax(${min}, ${width ?? '1fr'})`, min };
}

/**
 * A sortable table of up to tens of thousands of rows: a react-aria `GridList` whose rows lay their
 * cells out on the columns of the heading (one collection item per row, not one per cell, so
 * 10,000 devices open, filter and scroll smoothly), virtualised, with sort buttons in the heading.
 * Keyboard: arrows move between rows, and left/right into a row's links and buttons (mirrored in
 * right-to-left); Enter opens the row; type-ahead by its name. On a narrow screen the columns
 * keep their least width and the table scrolls sideways.
 */
export function Table<T extends { id: number }>({ rows: all, columns, textValue, sort, onSortChange, sortLabel, onRowAction, selectedId, onSelect, empty, wrap = false, ...props }: TableProps<T>) {
  const rows = useFirstRowsFirst(all);
  const tracks = columns.map((c) => track(c.width, wrap ? wrappedLeast(c.minWidth) : Math.max(MIN_COLUMN_WIDTH, c.minWidth ?? 0)));
  const textClass = wrap ? styles.wrappedText : styles.cellText;
  const frame = {
    '--table-columns': tracks.map((t) => t.template).join(' '),
    minInlineSize: `calc(${tracks.map((t) => t.min).join(' + ')})`,
  } as CSSProperties;
  const byId = useMemo(() => new Map(all.map((row) => [row.id, row])), [all]);

  // stable while the columns are: the collection keeps its cached rows when the page re-renders. The
  // cells are a component of their own, so that only the rows on screen format their texts.
  const renderRow = useCallback(
    (row: T) => (
      <GridListItem id={row.id} textValue={textValue(row)} className={styles.row}>
        <RowCells row={row} columns={columns} textClass={textClass} />
      </GridListItem>
    ),
    [columns, textValue, textClass],
  );

  const toggle = (id: string) => {
    const direction = sort?.column === id && sort.direction === 'ascending' ? 'descending' : 'ascending';
    onSortChange?.({ column: id, direction });
  };

  return (
    <div className={styles.scroller}>
      <div className={styles.frame} style={frame} data-wrap={wrap || undefined}>
        <div className={styles.header} data-testid="table-header">
          {columns.map((column) => {
            const direction = sort?.column === column.id ? sort.direction : null;
            const mark = direction ? (
              <span className={styles.sortMark} aria-hidden="true">
                {direction === 'ascending' ? '▲' : '▼'}
              </span>
            ) : null;
            return column.allowsSorting && onSortChange ? (
              <Button key={column.id} className={styles.column} aria-label={sortLabel(column.header, direction)} onPress={() => toggle(column.id)} data-sorted={direction ?? undefined}>
                <span className={textClass}>{column.header}</span>
                {mark}
              </Button>
            ) : (
              <div key={column.id} className={styles.column}>
                <span className={textClass}>{column.header}</span>
              </div>
            );
          })}
        </div>
        <Virtualizer layout={FixedRowLayout} layoutOptions={wrap ? WRAPPED_LAYOUT : LAYOUT}>
          <GridList
            {...props}
            // the whole list after its first rows is a list of its own: React would place each further
            // row among the kept ones one by one (a walk along the new siblings each, 21 s at 100,000),
            // where a new list appends them all as it builds them
            key={rows === all ? 'all' : 'first-rows'}
            items={rows}
            dependencies={[columns, textValue]}
            className={styles.list}
            onAction={
              onRowAction
                ? (key) => {
                    const row = byId.get(Number(key));
                    if (row) onRowAction(row);
                  }
                : undefined
            }
            {...(onSelect
              ? {
                  selectionMode: 'single' as const,
                  selectedKeys: selectedId === null || selectedId === undefined ? [] : [selectedId],
                  onSelectionChange: (keys: Selection) => {
                    const key = keys === 'all' ? undefined : [...keys][0];
                    onSelect(key === undefined ? null : (byId.get(Number(key)) ?? null));
                  },
                }
              : {})}
            renderEmptyState={() => <div className={styles.empty}>{empty}</div>}
          >
            {renderRow}
          </GridList>
        </Virtualizer>
      </div>
    </div>
  );
}

export type { SortDescriptor, Selection };

function RowCells<T>({ row, columns, textClass }: { row: T; columns: ReadonlyArray<TableColumn<T>>; textClass: string }) {
  return (
    <>
      {columns.map((column) => (
        <div key={column.id} className={column.isRowHeader ? `${styles.cell} ${styles.rowHeader}` : styles.cell}>
          <span className={textClass}>{column.cell(row)}</span>
        </div>
      ))}
    </>
  );
}
