import { useMemo } from 'react';
import { createFileRoute, useParams, useSearch } from '@tanstack/react-router';
import { EntityEditPage } from '../../../shared/entity/EntityEditPage';
import { deviceEditor } from '../../../features/settings/entities';

/** `?uniqueId=` fills in a new device's identifier (Register, from a line of the logs). */
function parseDeviceSearch(search: Record<string, unknown>): { uniqueId?: string } {
  const value = search.uniqueId;
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : '';
  return text && text.length <= 128 ? { uniqueId: text } : {};
}

/**
 * A device: new without an id (its identifier from `?uniqueId=` when given, read in the page's own
 * chunk: a route's `validateSearch` would load with the app's entry, which the sign-in budget counts).
 */
export const Route = createFileRoute('/_app/settings/device/{-$id}')({
  component: function Edit() {
    const { id } = useParams({ from: '/_app/settings/device/{-$id}' });
    const { uniqueId } = parseDeviceSearch(useSearch({ strict: false }) as Record<string, unknown>);
    const descriptor = useMemo(
      () => (id === undefined && uniqueId ? { ...deviceEditor, defaults: (context: { timeZone: string }) => ({ ...deviceEditor.defaults(context), uniqueId }) } : deviceEditor),
      [id, uniqueId],
    );
    return <EntityEditPage key={`${id ?? ''}:${uniqueId ?? ''}`} descriptor={descriptor} id={id === undefined ? null : Number(id)} />;
  },
});
