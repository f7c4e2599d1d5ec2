import '../../tests/helpers/jsdomPolyfills';
import { renderHook } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../i18n/i18n';
import { CONNECTION_ERROR } from '../api/client';
import { useCatalogueText } from './catalogue';

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>;

afterAll(async () => {
  await activateLanguage('en', null);
});

describe('the error catalogue (spec §8)', () => {
  it("shows the catalogue's messages in the active language and a server's other text as it came", async () => {
    await activateLanguage('ar', null);
    const { result } = renderHook(() => useCatalogueText(), { wrapper });
    const text = result.current;
    // what the embedded server answers to a write its database refuses (server/crud/routes.ts)
    expect(text('Invalid parameters or constraints violation')).toBe('معاملات غير صالحة أو مخالفة للقيود');
    for (const message of [CONNECTION_ERROR, 'Web socket connection error', "Can't be zero", 'Incorrect email address or password']) {
      expect(text(message), message).not.toBe(message);
      expect(text(message), message).toMatch(/[\u0600-\u06ff]/);
    }
    expect(text('Duplicate driver: UNIQUE constraint failed')).toBe('Duplicate driver: UNIQUE constraint failed');
  });
});
