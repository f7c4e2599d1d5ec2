import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Device } from '../../../contract/models';
import { Alert, FileDrop, Section } from '../../ui';
import type { Draft } from '../../machines/editor/editor.machine';
import { deviceImageUrl } from '../../shared/deviceImage';
import { useServices } from '../../shared/services';
import { mutationsFor } from '../../shared/useMutations';
import { useRequest } from '../../shared/useRequest';
import { QrCode } from '../../shared/entity/QrCode';
import * as styles from '../../shared/entity/settings.css';

/** Traccar's limit for a device picture (the server answers 413 above it). */
export const DEVICE_IMAGE_LIMIT = 500 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** What is wrong with a picture before it is sent, or null. */
export function imageProblem(file: { type: string; size: number }): 'type' | 'size' | 'empty' | null {
  if (!IMAGE_TYPES.includes(file.type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > DEVICE_IMAGE_LIMIT) return 'size';
  return null;
}

/** The server's refusal of a picture (Traccar's and the embedded server's texts), or null. */
export function serverImageProblem(message: string): 'type' | 'size' | null {
  if (/not a valid .*image|unsupported image|content type/i.test(message)) return 'type';
  if (/too large|payload|413/i.test(message)) return 'size';
  return null;
}

/** The device picture (upload, kept in `attributes.deviceImage` when the form is saved) and the QR code for the phone app. */
export function DeviceExtra({ item, change, isDisabled }: { item: Device; change: (draft: Draft) => void; isDisabled: boolean }) {
  const { t } = useLingui();
  const services = useServices();
  /** a problem found before sending (type, size, empty): no request is made */
  const [local, setLocal] = useState<string | null>(null);
  const said = (problem: 'type' | 'size' | 'empty') =>
    problem === 'type' ? t`This file is not a picture. Choose a JPEG, PNG, GIF or WebP image.` : problem === 'size' ? t`This picture is larger than 500 KB. Choose a smaller one.` : t`This file is empty.`;
  const sending = useRequest(async (file: File, signal: AbortSignal) => {
    const name = await mutationsFor(services).uploadDeviceImage(item, file, { report: false });
    // an upload given up on (timed out, or replaced by a newer one) changes nothing
    if (!signal.aborted) change({ ...(item as unknown as Draft), attributes: { ...item.attributes, deviceImage: name.trim() } });
    return name;
  });
  const image = deviceImageUrl(item, services.backendOrigin, window.location.href);
  const server = services.backendOrigin || window.location.origin;
  const upload = (file: File) => {
    const problem = imageProblem(file);
    setLocal(problem ? said(problem) : null);
    if (problem) sending.reset();
    else sending.run(file);
  };
  // the server's refusals of a picture, said as the checks above say them
  const refused = sending.error !== null ? serverImageProblem(sending.error) : null;
  const error = local ?? (refused ? said(refused) : sending.errorText);
  return (
    <>
      <Section title={t`Picture`}>
        {image ? <img src={image} alt={t`Picture of ${item.name}`} className={styles.image} /> : <p className={styles.muted}>{t`No picture`}</p>}
        {error ? <Alert variant="error">{error}</Alert> : null}
        {isDisabled ? null : (
          <FileDrop label={t`Drop a picture here (JPEG, PNG, GIF or WebP, up to 500 KB)`} chooseLabel={t`Choose a picture`} acceptedFileTypes={[...IMAGE_TYPES]} onFile={upload} isPending={sending.pending} />
        )}
        {item.attributes?.deviceImage && !isDisabled ? <p className={styles.muted}>{t`Save the device to keep the new picture.`}</p> : null}
      </Section>
      <Section title={t`QR code`}>
        <p className={styles.muted}>{t`Scan with the Traccar Client app to report to this server as this device.`}</p>
        <QrCode value={`${server}?id=${encodeURIComponent(item.uniqueId)}`} label={t`QR code of ${item.name}`} className={styles.qr} />
      </Section>
    </>
  );
}
