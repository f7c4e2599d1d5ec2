/**
 * Computed attributes (`/settings/attributes`, `attribute`, `attribute/{id}`), as declarations on
 * the generic pages, and their Test: the expression run on a chosen device's last position.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ComputedAttribute } from '../../../contract/models';
import { resources } from '../../api/resources';
import { Alert, Button, Section } from '../../ui';
import { useServices } from '../../shared/services';
import { dataFor } from '../../shared/data';
import { useRequest } from '../../shared/useRequest';
import { FieldControl } from '../../shared/entity/FieldControl';
import type { EditDescriptor, FieldContext, ListDescriptor } from '../../shared/entity/model';
import type { Draft } from '../../machines/editor/editor.machine';
import * as styles from '../../shared/entity/settings.css';

const TYPES = [
  { id: 'string', label: msg`Text` },
  { id: 'number', label: msg`Number` },
  { id: 'boolean', label: msg`Yes or no` },
];

export const computedList: ListDescriptor<ComputedAttribute> = {
  resource: resources.attributes,
  screen: 'attributes',
  title: msg`Computed attributes`,
  empty: {
    about: msg`A computed attribute is a value worked out from each position by an expression, such as fuel in litres from a sensor's reading.`,
    add: msg`Add a computed attribute`,
  },
  newPath: '/settings/attribute',
  itemPath: (row) => `/settings/attribute/${row.id}`,
  columns: [
    { id: 'description', header: msg`Description`, text: (row) => row.description },
    { id: 'attribute', header: msg`Attribute`, text: (row) => row.attribute },
    { id: 'expression', header: msg`Expression`, text: (row) => row.expression },
    { id: 'type', header: msg`Type`, text: (row, c) => c.i18n._(TYPES.find((t) => t.id === row.type)?.label ?? msg`Text`) },
    { id: 'priority', header: msg`Priority`, text: (row) => String(row.priority ?? 0), defaultVisible: false },
  ],
};

export const computedEditor: EditDescriptor<ComputedAttribute> = {
  resource: resources.attributes,
  screen: 'attributes',
  titleNew: msg`New computed attribute`,
  titleEdit: msg`Computed attribute`,
  listPath: '/settings/attributes',
  defaults: () => ({ id: 0, description: '', attribute: '', expression: '', type: 'string', priority: 0 }),
  sections: [
    {
      title: msg`Required`,
      fields: [
        { kind: 'text', key: 'description', label: msg`Description`, required: true },
        {
          kind: 'text',
          key: 'attribute',
          label: msg`Attribute`,
          required: true,
          dir: 'ltr',
          description: msg`The position attribute it writes (e.g. ignition, fuel, driverUniqueId).`,
        },
        {
          kind: 'text',
          key: 'expression',
          label: msg`Expression`,
          required: true,
          dir: 'ltr',
          description: msg`A JEXL expression over the position's fields and attributes (e.g. power > 13.2).`,
        },
        { kind: 'select', key: 'type', label: msg`Type`, options: (_c, i18n) => TYPES.map((t) => ({ id: t.id, label: i18n._(t.label) })) },
      ],
    },
    {
      title: msg`Extra`,
      fields: [{ kind: 'number', key: 'priority', label: msg`Priority`, integer: true, description: msg`Higher runs first.` }],
    },
  ],
  extra: (props) => <ComputedTest {...props} />,
  extraOnNew: true,
};

/** The Test: a device chosen, the expression run on its last position; the value or the expression's error shown. */
function ComputedTest({ item, context }: { item: ComputedAttribute; context: FieldContext; change: (draft: Draft) => void; isDisabled: boolean }) {
  const { t } = useLingui();
  const services = useServices();
  const [device, setDevice] = useState<Draft>({ id: 0, deviceId: 0 });
  const test = useRequest((input: { deviceId: number; item: ComputedAttribute }) => dataFor(services).entities.testComputed(input.deviceId, input.item));
  const deviceId = typeof device.deviceId === 'number' ? device.deviceId : 0;
  const run = () => test.run({ deviceId, item: { ...item, id: item.id ?? 0 } });
  return (
    <Section title={t`Test`} defaultExpanded>
      <p className={styles.muted}>{t`Runs the expression on the last position of a device, without saving anything.`}</p>
      <FieldControl
        field={{ kind: 'entity', key: 'deviceId', label: msg`Device`, resource: resources.devices, emptyLabel: msg`Choose a device` }}
        draft={device}
        change={setDevice}
        context={context}
        isDisabled={false}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={run} isPending={test.pending} isDisabled={deviceId === 0 || !item.expression}>
          {t`Test`}
        </Button>
      </div>
      {test.errorText ? <Alert variant="error">{test.errorText}</Alert> : null}
      {test.output !== undefined ? (
        <p role="status" className={styles.token} data-testid="computed-result">
          {test.output === '' ? t`No value` : test.output}
        </p>
      ) : null}
    </Section>
  );
}
