import { useCallback, useMemo, type CSSProperties, type ReactNode } from 'react';
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
export function Table<T extends { id: number }>({ rows, columns, textValue, sort, onSortChange, sortLabel, onRowAction, selectedId, onSelect, empty, wrap = false, ...props }: TableProps<T>) {
  const tracks = columns.map((c) => track(c.width, wrap ? wrappedLeast(c.minWidth) : Math.max(MIN_COLUMN_WIDTH, c.minWidth ?? 0)));
  const textClass = wrap ? styles.wrappedText : styles.cellText;
  const frame = {
    '--table-columns': tracks.map((t) => t.template).join(' '),
    minInlineSize: `calc(${tracks.map((t) => t.min).join(' + ')})`,
  } as CSSProperties;
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);

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
