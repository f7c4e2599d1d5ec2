import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** The printed filter: one line per part, the name then the value. */
export const header = style({ margin: 0, display: 'grid', gap: vars.space.xxs, fontSize: vars.fontSize.sm });
export const term = style({ display: 'flex', gap: vars.space.xs });
globalStyle(`${term} > dt`, { fontWeight: vars.fontWeight.bold });
globalStyle(`${term} > dt::after`, { content: '":"' });
globalStyle(`${term} > dd`, { margin: 0 });

export const note = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.sm });

/** The printed rows: the page's width, lines between rows, a heading repeated on every page. */
export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: '9pt' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  paddingBlock: '2pt',
  paddingInline: '3pt',
  borderBlockEnd: `0.5pt solid ${vars.color.border}`,
});
globalStyle(`${table} thead`, { display: 'table-header-group' });
globalStyle(`${table} tr`, { breakInside: 'avoid' });
