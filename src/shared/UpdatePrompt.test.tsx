import '../../tests/helpers/jsdomPolyfills';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import UpdatePrompt from './UpdatePrompt';

afterEach(cleanup);

function show(refreshing = false) {
  const onRefresh = vi.fn();
  const onDismiss = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <UpdatePrompt onRefresh={onRefresh} onDismiss={onDismiss} refreshing={refreshing} />
    </I18nProvider>,
  );
  return { onRefresh, onDismiss };
}

describe('UpdatePrompt', () => {
  it('is a named region with the message, Refresh and Later, and takes no focus', async () => {
    await activateLanguage('en', null);
    const before = document.activeElement;
    const { onRefresh, onDismiss } = show();
    const region = screen.getByRole('region', { name: 'App update' });
    expect(region.textContent).toContain('A new version of Athar is available.');
    expect(document.activeElement).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('reads in Arabic', async () => {
    await activateLanguage('ar', null);
    show();
    expect(screen.getByRole('region', { name: 'تحديث التطبيق' }).textContent).toContain('يتوفر إصدار جديد من أثر.');
    expect(screen.getByRole('button', { name: 'تحديث' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'لاحقًا' })).toBeTruthy();
    await activateLanguage('en', null);
  });

  it('while refreshing, Later is disabled and Refresh ignores presses', async () => {
    await activateLanguage('en', null);
    const { onRefresh, onDismiss } = show(true);
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(onDismiss).not.toHaveBeenCalled();
  });
});
