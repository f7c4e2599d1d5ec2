/**
 * Logs (`/reports/logs`): what the devices send, as the server receives it. While the page is open
 * the socket streams the lines (`{"logs": true}`, sent again after every reconnect by the socket
 * machine: the page only says LOGS on and off); the live store keeps the last 1,000, and the page
 * shows them newest first in a virtualised table. A line from a device nobody registered yet
 * (administrators get those) offers to register it with its identifier filled in.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ToggleButton } from 'react-aria-components';
import { Alert, Button, Link, ModalDialog, Table, type TableColumn } from '../../ui';
import * as buttonStyles from '../../ui/Button.css';
import { canAddDevice } from '../../domain/restrictions';
import { LOGS_CAP } from '../../domain/liveRules';
import type { LiveLog, LiveState } from '../../domain/liveStore';
import { appChild } from '../../machines/app/actors';
import { useServices } from '../../shared/services';
import { useSocketStatus } from '../../shared/hooks';
import { useLive } from '../../shared/useLive';
import { useSettingsContext } from '../../shared/useSettingsContext';
import { formatTime } from '../../shared/reports/kinds';
import { logRows, registerHref, type LogRow } from './logRows';
import * as styles from './logs.css';

const selectLogs = (state: LiveState) => state.logs;
const selectDevices = (state: LiveState) => state.devices;

/** Streaming on while the calling component is mounted (the socket machine restates it after reconnects). */
function useLogStream(): void {
  const { app } = useServices();
  useEffect(() => {
    const socket = appChild(app.system, 'socket');
    socket?.send({ type: 'LOGS', flag: true });
    return () => socket?.send({ type: 'LOGS', flag: false });
  }, [app]);
}

export function LogsPage() {
  const { t, i18n } = useLingui();
  const settings = useSettingsContext();
  const status = useSocketStatus();
  useLogStream();
  const live = useLive(selectLogs);
  const devices = useLive(selectDevices);
  // paused: the lines shown stay as they were, so a line can be read while more arrive
  const [frozen, setFrozen] = useState<readonly LiveLog[] | null>(null);
  const logs = frozen ?? live;
  const rows = useMemo(() => logRows(logs, devices), [logs, devices]);
  const [open, setOpen] = useState<LogRow | null>(null);
  const mayRegister = canAddDevice(settings.restrictions, settings.user, devices.size);
  const context = useMemo(() => ({ i18n, timeZone: settings.timeZone }), [i18n, settings.timeZone]);

  const columns = useMemo<Array<TableColumn<LogRow>>>(
    () => [
      { id: 'time', header: t`Received`, width: 184, cell: (row) => formatTime(context, new Date(row.receivedAt).toISOString()) },
      { id: 'device', header: t`Device`, width: '1.5fr', isRowHeader: true, cell: (row) => <bdi>{row.device}</bdi> },
      { id: 'protocol', header: t`Protocol`, width: 112, cell: (row) => <bdi>{row.protocol}</bdi> },
      { id: 'host', header: t`Host`, width: 136, cell: (row) => <bdi dir="ltr">{row.host}</bdi> },
      // the device's own text (often hex): a text node, never markup, left to right
      { id: 'data', header: t`Data`, width: '3fr', cell: (row) => <span className={styles.data}>{row.data}</span> },
      {
        id: 'actions',
        header: t`Actions`,
        width: 128,
        cell: (row) =>
          row.unknown && mayRegister ? (
            <Link href={registerHref(row.uniqueId)} aria-label={t`Register ${row.uniqueId}`}>
              {t`Register`}
            </Link>
          ) : null,
      },
    ],
    [context, mayRegister, i18n.locale],
  );
  const textValue = useCallback((row: LogRow) => row.device, []);
  const sortLabel = useCallback((header: string) => header, []);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{t`Logs`}</h1>
        <ToggleButton
          className={buttonStyles.button({ variant: 'secondary' })}
          isSelected={frozen !== null}
          onChange={(paused) => setFrozen(paused ? live : null)}
        >
          {t`Pause`}
        </ToggleButton>
      </header>
      <p className={styles.muted} role="status">
        {frozen !== null
          ? i18n._(msg`Paused: ${plural(rows.length, { one: '# line shown', other: '# lines shown' })}. New lines are kept (the last ${LOGS_CAP}) and shown on resuming.`)
          : i18n._(msg`${plural(rows.length, { one: '# line', other: '# lines' })}, newest first (the last ${LOGS_CAP} are kept while this page is open).`)}
      </p>
      {status === 'offline' ? <Alert variant="info">{t`The connection is down: lines arrive again once it is back.`}</Alert> : null}
      <Table
        aria-label={t`Logs`}
        rows={rows}
        columns={columns}
        textValue={textValue}
        sortLabel={sortLabel}
        onRowAction={setOpen}
        empty={t`Nothing received yet. Lines appear here as the devices send them.`}
      />
      {open ? <LogDialog row={open} timeText={formatTime(context, new Date(open.receivedAt).toISOString())} mayRegister={mayRegister} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** One line in full: the data wrapped and selectable. */
function LogDialog({ row, timeText, mayRegister, onClose }: { row: LogRow; timeText: string; mayRegister: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <ModalDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t`Log line`}
      closeLabel={t`Close`}
      actions={
        <>
          {row.unknown && mayRegister ? (
            <Link href={registerHref(row.uniqueId)} onPress={onClose}>
              {t`Register this device`}
            </Link>
          ) : null}
          <Button variant="secondary" onPress={onClose}>
            {t`Close`}
          </Button>
        </>
      }
    >
      <dl className={styles.details}>
        <dt className={styles.term}>{t`Received`}</dt>
        <dd className={styles.definition}>{timeText}</dd>
        <dt className={styles.term}>{t`Device`}</dt>
        <dd className={styles.definition}>
          <bdi>{row.device}</bdi>
          {row.unknown ? ` (${t`not registered`})` : null}
        </dd>
        <dt className={styles.term}>{t`Identifier`}</dt>
        <dd className={styles.definition}>
          <bdi dir="ltr">{row.uniqueId}</bdi>
        </dd>
        <dt className={styles.term}>{t`Protocol`}</dt>
        <dd className={styles.definition}>
          <bdi>{row.protocol}</bdi>
        </dd>
        <dt className={styles.term}>{t`Host`}</dt>
        <dd className={styles.definition}>
          <bdi dir="ltr">{row.host}</bdi>
        </dd>
      </dl>
      <pre className={styles.fullData} dir="ltr" aria-label={t`Data`}>
        {row.data}
      </pre>
    </ModalDialog>
  );
}
