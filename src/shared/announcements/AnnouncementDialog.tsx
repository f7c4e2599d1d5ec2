/**
 * The announcement dialog: title, message and button in the locally stored language (fallback
 * en, default ar), a priority badge for priorities 1 and 2, the announcement's colours (text kept
 * readable) and image, full screen on phones, a 300 ms fade when closing. `AnnouncementView` is
 * the dialog alone (the management screen previews with it); the default export connects it to
 * the announcements machine. Nothing of the file becomes HTML: texts are text, links are checked.
 */
import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Heading } from 'react-aria-components';
import { Button, CloseIcon, themeTokens, useThemeName } from '../../ui';
import { Dialog, Modal } from '../../ui/Dialog';
import * as dialogStyles from '../../ui/Dialog.css';
import { contrastRatio, readableOn } from '../../ui/color';
import { cx } from '../../ui/cx';
import {
  announcementLanguage,
  announcementLinks,
  announcementTexts,
  buttonTarget,
  hasPriorityBadge,
  type Announcement,
  type ButtonAction,
} from '../../domain/announcements';
import { directionOf } from '../../domain/language';
import type { AnnouncementsActor } from '../../machines/app/actors';
import { useServices } from '../services';
import * as styles from './AnnouncementDialog.css';

const MIN_CONTRAST = 4.5;

/**
 * The dialog's colours: the announcement's background (else the theme's surface) and its text
 * colour when that reads at ≥ 4.5:1 on it, else white or near-black, whichever reads better.
 */
export function dialogColors(
  announcement: Pick<Announcement, 'backgroundColor' | 'textColor'>,
  palette: { surface: string; text: string } = themeTokens('dark').color,
): { background: string; text: string } {
  const background = announcement.backgroundColor ?? palette.surface;
  const wanted = announcement.textColor ?? (announcement.backgroundColor ? null : palette.text);
  const text = wanted !== null && contrastRatio(wanted, background) >= MIN_CONTRAST ? wanted : readableOn(background);
  return { background, text };
}

export interface AnnouncementViewProps {
  announcement: Announcement;
  /** the locally stored language choice (the dialog's language; default ar) */
  storedLanguage: unknown;
  pageOrigin: string;
  isOpen: boolean;
  /** fading out (the machine's `closing`) */
  closing?: boolean;
  onClose: () => void;
  onAct: () => void;
}

export function AnnouncementView({ announcement, storedLanguage, pageOrigin, isOpen, closing = false, onClose, onAct }: AnnouncementViewProps) {
  const { t } = useLingui();
  const language = announcementLanguage(storedLanguage);
  const texts = announcementTexts(announcement, storedLanguage);
  const { image } = announcementLinks(announcement, pageOrigin);
  const target = buttonTarget(announcement, pageOrigin);
  const colors = dialogColors(announcement, themeTokens(useThemeName()).color);
  const defaultButtonText: Record<ButtonAction, string> = {
    login: t`Sign in`,
    features: t`See what's new`,
    telegram: t`Open Telegram`,
    external: t`Open link`,
  };
  return (
    <Modal
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      fullScreenOnPhone
      overlayClassName={cx(styles.fade, closing && styles.fading)}
      surfaceStyle={{ backgroundColor: colors.background, color: colors.text }}
    >
      <Dialog className={styles.dialog} data-testid="announcement" data-priority={announcement.priority}>
        <div className={dialogStyles.header}>
          {hasPriorityBadge(announcement) && (
            <span className={styles.badge} data-badge="priority">
              {announcement.priority === 1 ? t`Urgent` : t`Important`}
            </span>
          )}
          <Button variant="quiet" aria-label={t`Close`} onPress={onClose} className={styles.close} style={{ color: colors.text }}>
            <CloseIcon />
          </Button>
        </div>
        {image !== null && <img className={styles.image} src={image} alt="" referrerPolicy="no-referrer" />}
        <div lang={language} dir={directionOf(language)} className={styles.content}>
          <Heading slot="title" className={styles.title}>
            {texts.title}
          </Heading>
          {texts.message !== '' && <p className={styles.message}>{texts.message}</p>}
        </div>
        <div className={cx(dialogStyles.actions, styles.actions)}>
          <Button
            variant="secondary"
            onPress={onClose}
            style={{
              color: colors.text,
              borderColor: colors.text,
              backgroundColor: 'transparent',
            }}
          >
            {t`Close`}
          </Button>
          {target !== null && announcement.buttonAction !== null && (
            <Button variant="primary" onPress={onAct} autoFocus>
              <span lang={language} dir={directionOf(language)}>
                {texts.buttonText || defaultButtonText[announcement.buttonAction]}
              </span>
            </Button>
          )}
        </div>
      </Dialog>
    </Modal>
  );
}

/** The dialog of the announcements machine: open while `shown`, fading while `closing`. */
export default function AnnouncementDialog({ actor }: { actor: AnnouncementsActor }) {
  const { languages } = useServices();
  const storedLanguage = useSyncExternalStore(languages.subscribe, languages.get, languages.get);
  const current = useSelector(actor, (s) => s.context.current);
  const open = useSelector(actor, (s) => s.matches('shown') || s.matches('closing'));
  const closing = useSelector(actor, (s) => s.matches('closing'));
  if (current === null || !open) return null;
  return (
    <AnnouncementView
      announcement={current}
      storedLanguage={storedLanguage}
      pageOrigin={window.location.origin}
      isOpen
      closing={closing}
      onClose={() => actor.send({ type: 'CLOSE' })}
      onAct={() => actor.send({ type: 'ACT' })}
    />
  );
}
