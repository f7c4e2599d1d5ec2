/**
 * Geofences against the embedded server in Chromium: a form sent empty is refused under its fields
 * (required, checked by the form itself), a circle typed as WKT is made with a speed limit and a
 * colour and read back through the API, a bad area is refused with its translated reason while the
 * form keeps the text, a polygon replaces it, and it is removed. (A device's Create a geofence here
 * opens the geofence editor: tests/e2e/mapActions.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { fileHarness, main, removeRow } from './settingsSteps.ts';
import { adminJson, waitForPath } from './helpers.ts';

const { harness, signedIn } = fileHarness();

interface Geofence {
  id: number;
  name: string;
  area: string;
  attributes: Record<string, unknown>;
}
const geofences = () => adminJson<Geofence[]>(harness(), 'GET', '/api/geofences');

describe('geofences in settings', () => {
  it('are made from typed WKT, refused when the area is wrong (the form kept), changed and removed', async () => {
    const page = await signedIn('/settings/geofence');
    const before = (await geofences()).length;
    const field = (label: string) => main(page).getByLabel(label, { exact: true });
    const save = () => main(page).getByRole('button', { name: 'Save', exact: true }).click();

    // a new one is drawn on the map, or typed here
    expect(await main(page).getByRole('link', { name: 'Draw it on the map' }).getAttribute('href')).toBe('/geofences');

    // sent empty: refused by the form under each required field, the focus on the first; nothing reaches the server
    await save();
    await expect.poll(() => main(page).getByText('Required: fill this in.').count()).toBe(2);
    await expect.poll(() => field('Name').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field('Area').getAttribute('aria-invalid')).toBe('true');
    expect(await page.url()).toMatch(/\/settings\/geofence$/);
    expect((await geofences()).length).toBe(before);

    await field('Name').fill('Kingdom Centre');
    await field('Area').fill('CIRCLE (24.7136 46.6753, 500)');
    await main(page).getByRole('button', { name: 'Extra' }).click();
    await field('Speed limit').fill('80');
    await field('Colour').fill('#d32f2f');
    await field('Colour').press('Tab');
    await save();
    await waitForPath(page, '/settings/geofences');
    const made = (await geofences()).find((g) => g.name === 'Kingdom Centre')!;
    expect(made.area).toBe('CIRCLE (24.7136 46.6753, 500)');
    expect(made.attributes.speedLimit as number).toBeCloseTo(80 / 1.852, 3); // km/h typed, knots kept
    expect(made.attributes.color).toBe('#d32f2f');
    await main(page).getByRole('row', { name: 'Kingdom Centre' }).getByText('Circle', { exact: true }).waitFor();

    // a bad area: said as it is typed and on saving; nothing is sent, the text stays
    await main(page).getByRole('link', { name: 'Edit Kingdom Centre' }).click();
    await field('Area').waitFor();
    expect(await field('Area').inputValue()).toBe(made.area);
    await field('Area').fill('CIRCLE (24.7136 46.6753)');
    await main(page).getByText('This area could not be read.', { exact: false }).waitFor();
    await field('Area').fill('CIRCLE (124.7136 46.6753, 500)');
    await main(page).getByText('A latitude is out of range', { exact: false }).waitFor();
    await save();
    await expect.poll(() => field('Area').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field('Area').inputValue()).toBe('CIRCLE (124.7136 46.6753, 500)');
    expect(await field('Name').inputValue()).toBe('Kingdom Centre');
    expect(page.url()).toContain(`/settings/geofence/${made.id}`);
    expect((await geofences()).find((g) => g.id === made.id)?.area).toBe(made.area);

    await field('Area').fill('POLYGON ((24.71 46.67, 24.72 46.68, 24.70 46.69))');
    expect(await main(page).getByText('A latitude is out of range', { exact: false }).count()).toBe(0);
    await save();
    await waitForPath(page, '/settings/geofences');
    const changed = (await geofences()).find((g) => g.id === made.id)!;
    expect(changed.area).toMatch(/^POLYGON \(\(24\.71 46\.67, 24\.72 46\.68, 24\.70? 46\.69/);
    expect(changed.attributes.color).toBe('#d32f2f');
    await main(page).getByRole('row', { name: 'Kingdom Centre' }).getByText('Polygon', { exact: true }).waitFor();

    await removeRow(page, 'Kingdom Centre');
    expect((await geofences()).some((g) => g.id === made.id)).toBe(false);
  });
});
