import type { ReactNode } from 'react';
import {
  Cell,
  Column,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  TableLayout,
  Virtualizer,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components';
import * as styles from './Table.css';

export interface TableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  isRowHeader?: boolean;
  allowsSorting?: boolean;
  /** width of the column: pixels, or a share such as '2fr' (the layout's default otherwise) */
  width?: number | `${number}fr`;
}

export interface TableProps<T extends { id: number }> {
  'aria-label': string;
  rows: readonly T[];
  columns: ReadonlyArray<TableColumn<T>>;
  sort?: SortDescriptor;
  onSortChange?: (sort: SortDescriptor) => void;
  selectionMode?: 'none' | 'single' | 'multiple';
  selectedKeys?: Selection;
  onSelectionChange?: (keys: Selection) => void;
  /** the row's primary action (Enter, click): usually opening it */
  onRowAction?: (row: T) => void;
  empty: ReactNode;
}

const LAYOUT = { rowHeight: 48, headingHeight: 44 };
/** narrower columns scroll sideways rather than cut every text to a letter (phones) */
const MIN_COLUMN_WIDTH = 112;

/**
 * A sortable table whose rows are virtualised (only the visible rows are in the document), so a
 * fleet of 10,000 devices scrolls and filters smoothly. Keyboard: arrows move between rows and
 * cells, Enter opens a row, Space selects it.
 */
export function Table<T extends { id: number }>({ rows, columns, onRowAction, empty, ...props }: TableProps<T>) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (
    <div className={styles.scroller}>
      <Virtualizer layout={TableLayout} layoutOptions={LAYOUT}>
        <AriaTable
          {...props}
          sortDescriptor={props.sort}
          className={styles.table}
          onRowAction={onRowAction ? (key) => {
            const row = byId.get(Number(key));
            if (row) onRowAction(row);
          } : undefined}
        >
          <TableHeader className={styles.header} columns={columns}>
            {(column) => (
              <Column
                id={column.id}
                isRowHeader={column.isRowHeader}
                allowsSorting={column.allowsSorting}
                className={styles.column}
                defaultWidth={column.width}
                minWidth={MIN_COLUMN_WIDTH}
              >
                {({ sortDirection }) => (
                  <>
                    {column.header}
                    {sortDirection ? (
                      <span className={styles.sortMark} aria-hidden="true">
                        {sortDirection === 'ascending' ? '▲' : '▼'}
                      </span>
                    ) : null}
                  </>
                )}
              </Column>
            )}
          </TableHeader>
          <TableBody items={rows} renderEmptyState={() => <div className={styles.empty}>{empty}</div>} dependencies={[columns]}>
            {(row) => (
              <Row id={row.id} columns={columns} className={styles.row}>
                {(column) => (
                  <Cell className={styles.cell}>
                    <span className={styles.cellText}>{column.cell(row)}</span>
                  </Cell>
                )}
              </Row>
            )}
          </TableBody>
        </AriaTable>
      </Virtualizer>
    </div>
  );
}

export type { SortDescriptor, Selection };
