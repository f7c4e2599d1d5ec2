/**
 * Reboot, on the server settings page (administrators): a question first, then the server's
 * restart followed through the live socket (the reboot machine): "restarting" until the socket has
 * gone and come back, then "back". The socket machine reconnects by itself; nothing here reloads.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Alert, AlertDialog, Button, Section } from '../../ui';
import { provideRebootEffects } from '../../machines/reboot/reboot.effects';
import { useInspected, useServices } from '../../shared/services';
import { useSocketStatus } from '../../shared/hooks';
import { dataFor } from '../../shared/data';
import { useCatalogueText } from '../../shared/catalogue';
import * as styles from '../../shared/entity/settings.css';

export function RebootServer() {
  const { t } = useLingui();
  const services = useServices();
  const catalogue = useCatalogueText();
  const socket = useSocketStatus();
  const machine = useMemo(() => provideRebootEffects({ reboot: () => dataFor(services).entities.rebootServer() }), [services]);
  const actor = useActorRef(machine, useInspected());
  const snapshot = useSelector(actor, (s) => s);
  // the machine follows the socket: gone, then open again, is the server back
  const online = socket === 'online';
  useEffect(() => actor.send({ type: 'CONNECTION', online }), [actor, online]);

  const requesting = snapshot.matches('requesting');
  const restarting = snapshot.hasTag('restarting');
  const said = snapshot.matches('failed') ? 'failed' : snapshot.matches('back') ? 'back' : snapshot.matches({ restarting: 'late' }) ? 'late' : restarting ? 'restarting' : null;
  // what the page says comes into view (the button was pressed at the bottom of the page, say)
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (said) message.current?.scrollIntoView({ block: 'nearest' });
  }, [said]);
  return (
    <Section title={t`Reboot`}>
      <p className={styles.muted}>{t`Restarts the server. Positions already received are kept; devices and open pages reconnect by themselves.`}</p>
      {said ? (
        <div ref={message}>
          {said === 'failed' ? (
            <Alert variant="error" title={t`Not rebooted`}>
              {catalogue(snapshot.context.error ?? '')}
            </Alert>
          ) : said === 'back' ? (
            <Alert variant="info">{t`The server is back.`}</Alert>
          ) : (
            <Alert variant="info" title={t`The server is restarting`}>
              {said === 'late' ? t`It has not come back yet. This page keeps trying; check that the server is running.` : t`This page reconnects by itself when it is back.`}
            </Alert>
          )}
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="danger" onPress={() => actor.send({ type: 'ASK' })} isDisabled={requesting || restarting}>
          {t`Reboot server`}
        </Button>
      </div>
      <AlertDialog
        isOpen={snapshot.matches('confirming') || requesting}
        title={t`Reboot the server?`}
        primaryActionLabel={t`Reboot`}
        cancelLabel={t`Cancel`}
        variant="danger"
        isPrimaryActionPending={requesting}
        onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      >
        {t`It stops for a few seconds and starts again; everyone signed in loses the live view until it is back.`}
      </AlertDialog>
    </Section>
  );
}
