import '../../../tests/helpers/jsdomPolyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Position } from '../../../contract/models';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { DEFAULT_UNITS } from '../../domain/units';
import { unitFormatters } from '../../shared/format';
import { makePosition } from '../../../tests/fixtures/models';
import { REPORTS, type CellContext, type ReportColumn } from '../../shared/reports/kinds';
import { PRINT_ROWS, PrintHeader, PrintTable } from './ReportPrint';

afterEach(cleanup);
beforeAll(() => activateLanguage('en', null));

const context = (): CellContext => ({ i18n, timeZone: 'Asia/Riyadh', units: unitFormatters(i18n, DEFAULT_UNITS), coordinates: 'dd', deviceName: () => 'Van' });
const columns = (REPORTS.route.columns as ReadonlyArray<ReportColumn<Position>>).filter((c) => ['device', 'fixTime', 'speed'].includes(c.id)) as ReadonlyArray<ReportColumn<unknown>>;
const positions = (n: number) => Array.from({ length: n }, (_, id) => makePosition({ id, speed: 10, fixTime: new Date(Date.UTC(2026, 10, 2) + id * 1000).toISOString() }));

describe('the printed report', () => {
  it('prints every row with the columns shown, as the screen writes them', () => {
    render(<I18nProvider i18n={i18n}><PrintTable columns={columns} rows={positions(3)} context={context()} /></I18nProvider>);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Device', 'Time', 'Speed']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect([...rows[0]!.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Van', columns[1]!.text(positions(1)[0], context()), '18.5 km/h']);
    expect(screen.queryByText(/rows are printed/)).toBeNull();
  });

  it(`prints at most ${PRINT_ROWS} rows, and says so`, () => {
    const { container } = render(<I18nProvider i18n={i18n}><PrintTable columns={columns} rows={positions(PRINT_ROWS + 5)} context={context()} /></I18nProvider>);
    // (queried by tag: role queries over 2,000 rows take seconds in jsdom)
    expect(container.querySelectorAll('tbody tr')).toHaveLength(PRINT_ROWS);
    expect(screen.getByText(`The first ${PRINT_ROWS} of ${PRINT_ROWS + 5} rows are printed; export the report for all of them.`)).toBeTruthy();
  }, 30_000);

  it('heads the page with the filter: devices, groups and the period in the user zone', () => {
    render(<I18nProvider i18n={i18n}><PrintHeader devices={['Van', 'Truck']} groups={['North']} from="2026-11-02T00:00:00Z" to="2026-11-02T23:59:59Z" context={context()} /></I18nProvider>);
    const header = screen.getByTestId('print-header').textContent ?? '';
    expect(header).toContain('Van and Truck');
    expect(header).toContain('North');
    // midnight UTC is 03:00 in Riyadh
    expect(header).toMatch(/3:00:00\s?AM/);
    expect(header).toContain('(Asia/Riyadh)');
  });
});
