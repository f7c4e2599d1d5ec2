import { describe, expect, it } from 'vitest';
import { columnWidth, longestTexts } from './columnWidths';

describe('column widths from what the columns hold', () => {
  it('reads the longest text of each column over every row', () => {
    expect(longestTexts([['Van 1', '', '+966500000001'], ['Delivery Truck 7', '', '']], 3)).toEqual([16, 0, 13]);
  });

  it('gives an empty column less room than a column of phone numbers', () => {
    const group = columnWidth(0, 'Group'.length, false);
    const phone = columnWidth('+966500000001'.length, 'Phone'.length, false);
    expect(parseFloat(phone.width)).toBeGreaterThan(parseFloat(group.width));
    expect(group.minWidth).toBe(112);
    // a phone number on one line: 13 digits of ~9.2 px and the cell's 24 px of padding
    expect(phone.minWidth).toBeGreaterThanOrEqual(13 * 9.2 + 24);
  });

  it('keeps the first (naming) column at least two shares, and caps every least width', () => {
    expect(columnWidth(3, 4, true).width).toBe('2fr');
    expect(columnWidth(200, 4, false).minWidth).toBe(210);
    expect(columnWidth(200, 4, false).width).toBe('3fr');
  });

  it('makes room for a heading longer than the texts under it', () => {
    expect(columnWidth(2, 'Administrator'.length, false).minWidth).toBeGreaterThan(columnWidth(2, 'Name'.length, false).minWidth);
  });
});
