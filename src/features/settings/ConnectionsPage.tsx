import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Checkbox, Loader, Section } from '../../ui';
import { canEdit, canOpen, type Restrictions, type SettingsScreen } from '../../domain/restrictions';
import { resources, type AnyResource, type Resource } from '../../api/resources';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { mutationsFor } from '../../shared/useMutations';
import { Refusal } from '../../shared/entity/Refusal';
import { Subject } from './Subject';
import { useSettingsContext } from '../../shared/useSettingsContext';
import * as styles from '../../shared/entity/settings.css';

type Named = { id: number; name?: string; description?: string | null };

export interface ConnectionTarget {
  resource: AnyResource;
  title: MessageDescriptor;
  visible?: (r: Restrictions) => boolean;
}

const notificationsTarget: ConnectionTarget = { resource: resources.notifications, title: msg`Notifications` };
const common: ConnectionTarget[] = [
  { resource: resources.geofences, title: msg`Geofences` },
  notificationsTarget,
  { resource: resources.drivers, title: msg`Drivers`, visible: (r) => r.features.drivers },
  { resource: resources.attributes, title: msg`Computed attributes`, visible: (r) => r.features.computedAttributes },
  { resource: resources.commands, title: msg`Saved commands`, visible: (r) => r.features.savedCommands && !r.limitCommands },
  { resource: resources.maintenance, title: msg`Maintenance`, visible: (r) => r.features.maintenance },
];

/** What each owner can be linked to (Traccar's connections pages). */
export const CONNECTIONS: Record<'devices' | 'groups' | 'users', { screen: SettingsScreen; title: MessageDescriptor; targets: ConnectionTarget[] }> = {
  devices: { screen: 'deviceConnections', title: msg`Device connections`, targets: common },
  groups: { screen: 'groupConnections', title: msg`Group connections`, targets: common },
  users: {
    screen: 'userConnections',
    title: msg`User connections`,
    targets: [
      { resource: resources.devices, title: msg`Devices` },
      { resource: resources.groups, title: msg`Groups`, visible: (r) => r.features.groups },
      { resource: resources.users, title: msg`Users`, visible: (r) => r.manager },
      ...common,
      { resource: resources.calendars, title: msg`Calendars`, visible: (r) => r.features.calendars },
    ],
  },
};

/** Links between one object and the objects of other kinds, each a checkbox (`/api/permissions`). */
export function ConnectionsPage({ owner, id }: { owner: keyof typeof CONNECTIONS; id: number }) {
  const { t, i18n } = useLingui();
  const settings = useSettingsContext();
  const spec = CONNECTIONS[owner];
  if (!canOpen(spec.screen, settings.restrictions)) return <Refusal />;
  const targets = spec.targets.filter((target) => target.visible?.(settings.restrictions) ?? true);
  const isDisabled = !canEdit(spec.screen, settings.restrictions);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{i18n._(spec.title)}</h1>
      <Subject kind={owner} id={id} />
      {targets.map((target, index) => (
        <Section key={target.resource.name} title={i18n._(target.title)} defaultExpanded={index === 0}>
          <LinkList owner={resources[owner]} ownerId={id} target={target.resource} isDisabled={isDisabled} />
        </Section>
      ))}
      <p className={styles.muted}>{t`Changes are saved at once.`}</p>
    </div>
  );
}

function LinkList({ owner, ownerId, target, isDisabled }: { owner: AnyResource; ownerId: number; target: AnyResource; isDisabled: boolean }) {
  const { t } = useLingui();
  const services = useServices();
  const r = target as Resource<Named>;
  const all = useQuery(dataFor(services).queries.list(r));
  const linkedParams = owner.name === 'users' && target.name === 'users' ? { userId: ownerId } : { [owner.permission ?? 'id']: ownerId };
  const linked = useQuery(dataFor(services).queries.list(r, linkedParams));
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  if (all.isPending || linked.isPending) return <Loader label={t`Loading`} />;
  const items = (all.data ?? []).filter((item) => !(owner.name === target.name && item.id === ownerId));
  if (items.length === 0) return <p className={styles.muted}>{t`Nothing to connect`}</p>;
  const on = new Set((linked.data ?? []).map((item) => item.id));
  return (
    <div className={styles.checklist}>
      {items.map((item) => (
        <Checkbox
          key={item.id}
          isSelected={on.has(item.id)}
          isDisabled={isDisabled || pending.has(item.id)}
          onChange={(selected) => {
            setPending((set) => new Set(set).add(item.id));
            mutationsFor(services)
              .link(owner, ownerId, target, item.id, selected)
              .catch(() => undefined)
              .finally(() => setPending((set) => new Set([...set].filter((x) => x !== item.id))));
          }}
        >
          <bdi>{item.name ?? item.description ?? String(item.id)}</bdi>
        </Checkbox>
      ))}
    </div>
  );
}
