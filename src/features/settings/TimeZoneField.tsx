import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ComboBox } from '../../ui';
import type { Draft } from '../../machines/editor/editor.machine';
import { useData } from '../../shared/data';
import { readField, writeField, type FieldContext } from '../../shared/entity/model';

/** The time zone, chosen among the server's (`GET /api/server/timezones`), else the browser's list. */
export function TimeZoneField({ draft, change, isDisabled }: { draft: Draft; change: (draft: Draft) => void; context: FieldContext; isDisabled: boolean }) {
  const { t } = useLingui();
  const { queries } = useData();
  const zones = useQuery(queries.timezones());
  const fallback = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const list = zones.data && zones.data.length > 0 ? zones.data : fallback;
  const value = readField(draft, 'attributes.timezone');
  return (
    <ComboBox
      label={t`Time zone`}
      isDisabled={isDisabled}
      items={[{ id: '', label: t`Default` }, ...list.map((zone) => ({ id: zone, label: zone }))]}
      selectedKey={typeof value === 'string' ? value : ''}
      onSelectionChange={(key) => change(writeField(draft, 'attributes.timezone', key || null))}
    />
  );
}
