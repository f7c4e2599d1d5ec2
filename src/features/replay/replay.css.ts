import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/breakpoints';
import { panel as besidePanel } from '../../shared/besideMap.css';
import { raisedPanel } from '../../ui/surfaces.css';

export { page, heading } from '../../shared/besideMap.css';

/** A little wider than the geofences' list: the report filter's fields. */
export const panel = style([besidePanel, { inlineSize: '24rem', maxInlineSize: '42%', '@media': { [media.narrow]: { inlineSize: '100%', maxInlineSize: 'none' } } }]);

/** The map, with the controls over its foot from tablets up; on phones the controls under it. */
export const mapArea = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minInlineSize: 0,
  minBlockSize: 0,
  // on phones the map, its controls and the chart stack and scroll here
  '@media': { [media.narrow]: { flex: '1 1 60%', overflowY: 'auto' } },
});

/** The map with its controls (over its foot from tablets up, under it on phones). */
export const mapStack = style({ position: 'relative', display: 'flex', flexDirection: 'column', flex: 1, minBlockSize: 0, '@media': { [media.narrow]: { flex: 'none' } } });

/** The speed chart docked under the map (and its controls): a fixed height from tablets up, so the map's size never changes with it. */
export const chart = style({
  flex: 'none',
  blockSize: '15rem',
  boxSizing: 'border-box',
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  '@media': { [media.narrow]: { blockSize: 'auto', paddingInline: vars.space.sm } },
});

export const mapBox = style({ position: 'relative', flex: 1, minBlockSize: '200px', '@media': { [media.narrow]: { flex: 'none', blockSize: '14rem' } } });

export const map = style({ position: 'absolute', inset: 0 });


export const controls = style({
  position: 'absolute',
  insetInline: vars.space.md,
  // above the map's attribution
  insetBlockEnd: '28px',
  maxInlineSize: '46rem',
  marginInline: 'auto',
  ...raisedPanel,
  boxShadow: '0 4px 16px rgba(0, 0, 0, 0.45)',
  '@media': {
    [media.narrow]: { position: 'static', maxInlineSize: 'none', marginInline: 0, borderRadius: 0, borderInline: 'none', boxShadow: 'none', padding: vars.space.sm },
  },
});

export const buttons = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });

export const speed = style({ minInlineSize: '8rem' });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const devices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const device = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: vars.space.sm,
  rowGap: '2px',
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
});

export const swatch = style({ inlineSize: '12px', blockSize: '12px', borderRadius: '50%', border: `1px solid ${vars.color.text}` });

export const deviceName = style({ fontWeight: vars.fontWeight.bold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const deviceLine = style({ gridColumn: '2', color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const shortcuts = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs });
