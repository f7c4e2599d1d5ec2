import '../../tests/helpers/jsdomPolyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import { RenderError } from './RenderError';

beforeAll(async () => {
  await activateLanguage('en', null);
});
afterEach(cleanup);

describe('RenderError', () => {
  it('shows the error and its stack trace as text in an error alert', () => {
    const error = new Error('<img src=x onerror=alert(1)> broke');
    error.stack = `Error: <img src=x onerror=alert(1)> broke\n    at DeviceCard (DeviceCard.tsx:12:3)`;
    render(
      <I18nProvider i18n={i18n}>
        <RenderError error={error} />
      </I18nProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.querySelector('pre')?.textContent).toBe(error.stack);
    expect(alert.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
