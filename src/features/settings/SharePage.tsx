/**
 * Sharing a device (`/settings/device/{id}/share`): a link that signs whoever opens it in as a
 * temporary read-only user who sees this one device live, until the expiration. The edit page and
 * its editor machine run it (the save creates the link); the link is then shown whole, to copy, and
 * as a QR code. The server refuses when sharing is disabled, and the page says so.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { resources } from '../../api/resources';
import { Section } from '../../ui';
import { useServices } from '../../shared/services';
import { useSession } from '../../shared/hooks';
import { selectUser } from '../../machines/session/selectors';
import { dataFor } from '../../shared/data';
import { useDeviceName } from '../../shared/useLive';
import { useUnitFormatters } from '../../shared/useUnits';
import { CopyText } from '../../shared/entity/CopyText';
import { EntityEditPage, type EditSource } from '../../shared/entity/EntityEditPage';
import type { EditDescriptor } from '../../shared/entity/model';
import { QrCode } from '../../shared/entity/QrCode';
import * as styles from '../../shared/entity/settings.css';

interface Share {
  /** the device */
  id: number;
  /** ISO instant */
  expiration: string;
  /** the link, once made */
  link?: string;
}

const WEEK = 7 * 24 * 3_600_000;

/** The address that signs in with a share token: the client's own root with `?token=`. */
export function shareLink(origin: string, token: string): string {
  return `${origin}/?token=${encodeURIComponent(token)}`;
}

/** The device's name, from the live store (which holds the fleet already). */
function DeviceName({ id }: { id: number }) {
  const { t } = useLingui();
  const name = useDeviceName(id);
  return (
    <p className={styles.muted}>
      {t`Device`}: <bdi>{name ?? '…'}</bdi>
    </p>
  );
}

function SharedLink({ item }: { item: Share }) {
  const { t } = useLingui();
  const format = useUnitFormatters();
  if (!item.link) return null;
  const until = format.dateTime(item.expiration) ?? '';
  return (
    <Section title={t`Link`} defaultExpanded>
      <p className={styles.muted}>{t`Anyone with this link sees this device live, read-only, until ${until}.`}</p>
      <CopyText value={item.link} label={t`Share link`} testId="share-link" />
      <QrCode value={item.link} label={t`QR code of the share link`} className={styles.qr} />
    </Section>
  );
}

const descriptor: EditDescriptor<Share> = {
  resource: resources.devices as never,
  screen: 'share',
  titleNew: msg`Share device`,
  titleEdit: msg`Share device`,
  listPath: '/',
  removable: false,
  saveLabel: msg`Create link`,
  savedMessage: () => msg`Link created.`,
  againLabel: msg`Create another link`,
  defaults: () => ({ id: 0, expiration: new Date(Date.now() + WEEK).toISOString() }),
  sections: [
    {
      title: msg`Sharing`,
      defaultExpanded: true,
      fields: [
        { kind: 'custom', key: 'id', label: msg`Device`, render: ({ draft }) => <DeviceName id={Number(draft.id)} /> },
        {
          kind: 'date',
          key: 'expiration',
          label: msg`Expiration`,
          granularity: 'minute',
          description: msg`The link stops working at this time.`,
        },
      ],
    },
  ],
  extra: ({ item }) => <SharedLink item={item} />,
};

export function SharePage({ deviceId }: { deviceId: number }) {
  const services = useServices();
  const user = useSession(selectUser);
  const userExpiration = user?.expirationTime ? Date.parse(user.expirationTime) : null;
  const source = useMemo<EditSource<Share>>(
    () => ({
      load: async () => ({ ...descriptor.defaults({ timeZone: '' }), id: deviceId }),
      save: async (draft) => {
        const token = await dataFor(services).entities.shareDevice(deviceId, new Date(draft.expiration));
        // the server keeps a share within the sharer's own expiration: say the date it kept
        const kept = userExpiration !== null && userExpiration < Date.parse(draft.expiration) ? new Date(userExpiration).toISOString() : draft.expiration;
        // the token is the backend's: the link opens the client that backend serves
        return { ...draft, expiration: kept, link: shareLink(services.backendOrigin || window.location.origin, token) };
      },
    }),
    [services, deviceId, userExpiration],
  );
  return <EntityEditPage descriptor={descriptor} id={deviceId} source={source} stay />;
}
