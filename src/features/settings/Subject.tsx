import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { resources, type Resource } from '../../api/resources';
import { useData } from '../../shared/data';
import * as styles from '../../shared/entity/settings.css';

export type SubjectKind = 'devices' | 'groups' | 'users';

const KIND: Record<SubjectKind, MessageDescriptor> = {
  devices: msg`Device`,
  groups: msg`Group`,
  users: msg`User`,
};

/**
 * What a page acts on, under its heading: 'Device: Delivery Truck 7' on its connections, its
 * command, its accumulators. The name is loaded by id (the page may be opened by its address).
 */
export function Subject({ kind, id }: { kind: SubjectKind; id: number }) {
  const { i18n } = useLingui();
  const { queries } = useData();
  const item = useQuery(queries.item(resources[kind] as Resource<{ id: number; name?: string }>, id));
  const name = item.data?.name ?? (item.isError ? `#${id}` : '…');
  return (
    <p className={styles.subject} data-testid="page-subject">
      {i18n._(KIND[kind])}: <bdi>{name}</bdi>
    </p>
  );
}
