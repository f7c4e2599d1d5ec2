import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../i18n/i18n';
import { attributeChoices as chartAttributeItems } from '../../shared/positionAttributes';

describe("the chart's attribute choices", () => {
  it('are named from the catalogue, as the legend names them, not by their raw keys', async () => {
    await activateLanguage('en', null);
    expect(chartAttributeItems(i18n, ['speed', 'batteryLevel', 'totalDistance'])).toEqual([
      { id: 'speed', label: 'Speed' },
      { id: 'batteryLevel', label: 'Battery level' },
      { id: 'totalDistance', label: 'Total distance' },
    ]);
    await activateLanguage('ar', null);
    const labels = chartAttributeItems(i18n, ['speed', 'batteryLevel', 'distance']).map((item) => item.label);
    for (const label of labels) expect(label).toMatch(/[\u0600-\u06FF]/);
    expect(labels).not.toContain('batteryLevel');
  });

  it('keep a key the catalogue does not know as it is', async () => {
    await activateLanguage('en', null);
    expect(chartAttributeItems(i18n, ['can42'])).toEqual([{ id: 'can42', label: 'can42' }]);
  });
});
