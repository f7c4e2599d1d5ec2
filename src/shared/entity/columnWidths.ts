/**
 * The widths of a settings list's columns, from what they hold: a column's share of the room
 * follows its longest text (and heading), so an empty column (no device has a group) gives its room
 * to a full one (phone numbers), and a column's least width is what its longest text needs on one
 * line, up to a cap (longer texts end in an ellipsis; below the least widths the table scrolls
 * sideways). Texts are measured in characters: the table's font at 16 px is about 9.5 px a
 * character for digits and Latin letters, and Arabic is narrower.
 */

/** px a character of the table's text takes (Noto Sans at 16 px: digits 9.2, wider capitals rarer) */
const CHARACTER = 9.5;
/** the cell's inline padding (12 px each side) and a little room */
const PADDING = 28;
/** the table's least column width (Table's MIN_COLUMN_WIDTH) */
const LEAST = 112;
/** no column asks for more than this as its least width: a long name ends in an ellipsis instead */
const MOST = 210;
/** shares of the room: one per this many characters, within these bounds */
const CHARACTERS_PER_SHARE = 10;
const LEAST_SHARE = 0.6;
const MOST_SHARE = 3;

export interface ColumnWidth {
  /** a share of the room left over (`1.3fr`) */
  width: `${number}fr`;
  /** px */
  minWidth: number;
}

/** The longest text of each column (characters, up to `MOST_SHARE` shares' worth), over every row. */
export function longestTexts(rows: ReadonlyArray<readonly string[]>, columnCount: number): number[] {
  const cap = MOST_SHARE * CHARACTERS_PER_SHARE * 2;
  const longest = new Array<number>(columnCount).fill(0);
  for (const texts of rows) {
    for (let i = 0; i < columnCount; i++) {
      const length = texts[i]?.length ?? 0;
      if (length > longest[i]!) longest[i] = Math.min(length, cap);
    }
  }
  return longest;
}

/**
 * A column's width from its longest text and its heading (characters). The row-naming first column
 * keeps at least 2 shares (names are what the list is read by).
 */
export function columnWidth(longest: number, header: number, isFirst: boolean): ColumnWidth {
  const characters = Math.max(longest, header);
  const share = Math.min(MOST_SHARE, Math.max(isFirst ? 2 : LEAST_SHARE, characters / CHARACTERS_PER_SHARE));
  const minWidth = Math.round(Math.min(MOST, Math.max(LEAST, characters * CHARACTER + PADDING)));
  return { width: `${Math.round(share * 10) / 10}fr`, minWidth };
}
