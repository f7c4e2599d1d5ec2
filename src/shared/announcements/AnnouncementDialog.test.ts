import { describe, expect, it } from 'vitest';
import { darkTokens, lightTokens } from '../../ui/theme.css';
import { dialogColors } from './AnnouncementDialog';

describe('the announcement dialog\'s colours', () => {
  it('without colours of its own: the theme\'s surface and text, dark or light', () => {
    expect(dialogColors({ backgroundColor: null, textColor: null })).toEqual({ background: darkTokens.color.surface, text: darkTokens.color.text });
    expect(dialogColors({ backgroundColor: null, textColor: null }, lightTokens.color)).toEqual({ background: lightTokens.color.surface, text: lightTokens.color.text });
  });

  it('its own colours whatever the theme, the text kept readable', () => {
    expect(dialogColors({ backgroundColor: '#1e3a5f', textColor: '#ffffff' }, lightTokens.color)).toEqual({ background: '#1e3a5f', text: '#ffffff' });
    // a text colour that does not read on the theme's surface gives way
    expect(dialogColors({ backgroundColor: null, textColor: '#ffffff' }, lightTokens.color)).toEqual({ background: lightTokens.color.surface, text: '#0f1115' });
  });
});
