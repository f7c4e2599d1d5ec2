import { globalStyle } from '@vanilla-extract/css';
import { darkTokens } from './theme.css';

globalStyle('*, *::before, *::after', {
  boxSizing: 'border-box',
});

globalStyle('html', {
  colorScheme: 'dark',
  blockSize: '100%',
  backgroundColor: darkTokens.color.background,
  color: darkTokens.color.text,
  fontFamily: darkTokens.font.body,
  lineHeight: darkTokens.lineHeight.body,
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minBlockSize: '100%',
  blockSize: '100%',
  backgroundColor: darkTokens.color.background,
  color: darkTokens.color.text,
  fontFamily: darkTokens.font.body,
  fontSize: darkTokens.fontSize.md,
});

globalStyle('#root', {
  blockSize: '100%',
});

globalStyle('button, input, select, textarea', {
  font: 'inherit',
  color: 'inherit',
});
