/**
 * The signed-in shell's icons (navigation, the device list, the card), apart from the few the sign-in
 * page needs (`icons.tsx`), so that they load with the shell and not with /login.
 */
import { Icon, type IconProps } from './icons';
import * as styles from './icons.css';
import { cx } from './cx';

export function MapIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2z" />
      <path d="M9 4v14M15 6v14" />
    </Icon>
  );
}

export function ReportsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16" />
      <path d="M7 16v-5M12 16V7M17 16v-8" />
    </Icon>
  );
}

export function SettingsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </Icon>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}

/** Logout: a door with an arrow. Mirrored in right-to-left (the arrow points out of the door). */
export function LogoutIcon({ className, ...props }: IconProps) {
  return (
    <Icon {...props} className={cx(styles.mirrorInRtl, className)}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5M21 12H9" />
    </Icon>
  );
}

export function LanguageIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18" />
      <path d="M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18z" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

/** Events / notifications. */
export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

/** The device list toggle. */
export function ListIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
    </Icon>
  );
}

export function DeleteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
    </Icon>
  );
}

/** Battery level: the fill shows the level (0–100). */
export function BatteryIcon({ level, charging, ...props }: IconProps & { level: number; charging?: boolean }) {
  const width = Math.max(0, Math.min(100, level)) * 0.14;
  return (
    <Icon {...props}>
      <rect x="2" y="7" width="18" height="10" rx="2" />
      <path d="M22 11v2" />
      <rect x="4" y="9" width={width} height="6" rx="0.5" fill="currentColor" stroke="none" />
      {charging && <path d="M12 8.5l-2 3.5h3l-2 3.5" stroke="var(--icon-contrast, #0f1115)" strokeWidth={1.5} />}
    </Icon>
  );
}

/** Ignition: a key. */
export function IgnitionIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3L21 2M17 6l3 3M15 8l2 2" />
    </Icon>
  );
}

/** A device category glyph (filled, 24×24 path from the map's icon set). */
export function GlyphIcon({ path, ...props }: IconProps & { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" {...props}>
      <path d={path} fill="currentColor" />
    </svg>
  );
}

/** Track: a place mark with the path it leaves behind. */
export function TrackIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M16 2.5a4.5 4.5 0 0 1 4.5 4.5c0 3.2-4.5 7.5-4.5 7.5S11.5 10.2 11.5 7A4.5 4.5 0 0 1 16 2.5z" />
      <circle cx="16" cy="7" r="1.2" />
      <path d="M3.5 20.5c3-3.5 6-1 9-3.5" strokeDasharray="2 3" />
    </Icon>
  );
}

/** Show on the map: a crosshair on a place. */
export function LocateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="6.5" />
      <circle cx="12" cy="12" r="1.8" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />
    </Icon>
  );
}

/** Replay a route: a path from its start, with a play mark (not mirrored, as media controls are not). */
export function ReplayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5" cy="5.5" r="2" />
      <path d="M7 5.5h7a3 3 0 0 1 0 6H9a3 3 0 0 0 0 6h1.5" />
      <path d="M15 14.5v6.5l5-3.25z" fill="currentColor" />
    </Icon>
  );
}

/** Send a command: a paper plane. Mirrored in right-to-left (it flies forward). */
export function CommandIcon({ className, ...props }: IconProps) {
  return (
    <Icon {...props} className={cx(styles.mirrorInRtl, className)}>
      <path d="M21 3 3 10.5l7.5 3 3 7.5L21 3z" />
      <path d="M10.5 13.5 15 9" />
    </Icon>
  );
}

export function EditIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L18.6 9.4a2.1 2.1 0 0 0-3-3L5 17v3z" />
      <path d="m13.5 8.5 3 3" />
    </Icon>
  );
}

/** More actions: three dots. */
export function MoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5" cy="12" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" stroke="none" />
      <circle cx="19" cy="12" r="1.5" fill="currentColor" stroke="none" />
    </Icon>
  );
}
