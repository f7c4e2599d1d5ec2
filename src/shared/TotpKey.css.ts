import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css';

export const key = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'stretch' });
/** A white square with a quiet zone, whatever the theme: scanners need dark modules on light. */
export const qr = style({ inlineSize: vars.size.qrCode, blockSize: vars.size.qrCode, backgroundColor: '#ffffff', padding: vars.space.xs, borderRadius: vars.radius.sm, alignSelf: 'center' });
export const description = style({ margin: 0 });
