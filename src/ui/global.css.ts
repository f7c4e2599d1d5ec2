import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

// the theme's variables are defined on the root itself (theme.css.ts), so html and body read them too
globalStyle('html', {
  colorScheme: 'dark',
  blockSize: '100%',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  lineHeight: vars.lineHeight.body,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minBlockSize: '100%',
  blockSize: '100%',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

// the browser's own parts (scroll bars, native pickers) follow the light theme too
globalStyle(':root[data-theme="light"]', {
  colorScheme: 'light',
});

// Urdu reads in Naskh (loaded with the Urdu catalogue), Latin still in Noto Sans
globalStyle(':root:lang(ur)', {
  vars: { [vars.font.body]: '"Noto Naskh Arabic", "Noto Sans", system-ui, sans-serif' },
});

globalStyle('#root', {
  blockSize: '100%',
});

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
});
