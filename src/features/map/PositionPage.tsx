import { useLingui } from '@lingui/react/macro';
import type { Position } from '../../api/models';
import { Alert, Loader } from '../../ui';
import { formatDateTime, valueText } from './format';
import { usePosition } from './usePosition';
import * as styles from './pages.css';

const DATE_FIELDS: ReadonlySet<string> = new Set(['serverTime', 'deviceTime', 'fixTime']);

/** Every field of a position, then every attribute, as text in a two-column table. */
export function PositionPage({ id }: { id: number }) {
  const { t, i18n } = useLingui();
  const query = usePosition(id);
  if (query.isPending && query.fetchStatus !== 'idle') return <Loader label={t`Loading`} variant="inline" />;
  if (query.isError) return <Alert variant="error">{query.error.message}</Alert>;
  const position = query.data;
  if (!position) return <Alert variant="error">{t`Position not found`}</Alert>;

  const fields = (Object.keys(position) as Array<keyof Position>).filter((key) => key !== 'attributes' && key !== 'network');
  const show = (key: string, value: unknown) => (DATE_FIELDS.has(key) && typeof value === 'string' ? (formatDateTime(i18n.locale, value) ?? value) : valueText(value));
  return (
    <div className={styles.page} data-testid="position-page">
      <h1 className={styles.heading}>{t`Position ${id}`}</h1>
      <NameValueTable caption={t`Fields`} rows={fields.map((key) => [key, show(key, position[key])])} />
      <NameValueTable
        caption={t`Attributes`}
        rows={Object.entries(position.attributes ?? {}).map(([key, value]) => [key, valueText(value)])}
      />
    </div>
  );
}

/** A captioned two-column table of names and values, both shown as text. */
function NameValueTable({ caption, rows }: { caption: string; rows: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useLingui();
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Name`}</th>
          <th scope="col">{t`Value`}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
