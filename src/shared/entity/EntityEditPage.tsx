import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import { Alert, AlertDialog, Button, Form, Loader, Section } from '../../ui';
import { isDirty, type Draft } from '../../machines/editor/editor.machine';
import { provideEditorEffects } from '../../machines/editor/editor.effects';
import { canEdit, canOpen } from '../../domain/restrictions';
import type { Attributes } from '../../../contract/models';
import { queryClient } from '../query';
import { useInspected, useServices } from '../services';
import { dataFor } from '../data';
import { mutationsFor } from '../useMutations';
import { useCatalogueText } from '../catalogue';
import { AttributesEditor } from './AttributesEditor';
import { FieldControl } from './FieldControl';
import { formProblems, type EditDescriptor, type FieldContext, type FieldKey } from './model';
import { Refusal } from './Refusal';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { useSettingsContext } from '../useSettingsContext';
import { formError } from './formError';
import * as styles from './settings.css';

export interface EditSource<T> {
  load: (id: number) => Promise<T>;
  save: (draft: T) => Promise<T>;
  /** removing the item (default: the resource's) */
  remove?: (id: number) => Promise<void>;
}

interface EntityEditPageProps<T extends { id: number }> {
  descriptor: EditDescriptor<T>;
  /** null: a new item */
  id: number | null;
  /** other ways to load and save (the server, the signed-in user) than the resource's */
  source?: EditSource<T>;
  /** stay on the page after saving (singletons: server, account, preferences) */
  stay?: boolean;
  /** may edit, beyond the screen's rule (e.g. one's own account) */
  editable?: boolean;
  /** what the page acts on, said under its heading (the device a command goes to) */
  subject?: ReactNode;
}

/**
 * The edit page of any entity, built from its descriptor and run by the editor machine: load,
 * edit (fields by section, then typed attributes), save, remove after 'Remove item?', and a
 * question before leaving with unsaved changes. A failed save shows the server's text beside the
 * form and keeps everything typed.
 */
export function EntityEditPage<T extends { id: number }>(props: EntityEditPageProps<T>) {
  // a page that stays after saving starts a new round (a new editor, loaded afresh) when asked again
  const [round, setRound] = useState(0);
  return <EditRound key={round} {...props} onAgain={() => setRound((n) => n + 1)} />;
}

function EditRound<T extends { id: number }>({ descriptor, id, source, stay = false, editable, subject, onAgain }: EntityEditPageProps<T> & { onAgain: () => void }) {
  const { t, i18n } = useLingui();
  const services = useServices();
  const navigate = useNavigate();
  const settings = useSettingsContext();
  const catalogue = useCatalogueText();
  const allowed = canOpen(descriptor.screen, settings.restrictions);
  const mayEdit = editable ?? canEdit(descriptor.screen, settings.restrictions);

  const machine = useMemo(() => {
    const mutations = mutationsFor(services);
    const given = descriptor.resource;
    const resource = () => {
      if (!given) throw new Error('An edit page needs a resource or a source');
      return given;
    };
    return provideEditorEffects({
      load: async (itemId) =>
        (source ? await source.load(itemId) : await queryClient.fetchQuery({ ...dataFor(services).queries.item(resource(), itemId), staleTime: 0 })) as unknown as Draft,
      save: async (draft) => (source ? await source.save(draft as unknown as T) : await mutations.save(resource(), draft as unknown as T, { report: false })) as unknown as Draft,
      remove: (itemId) => (source?.remove ? source.remove(itemId) : mutations.remove(resource(), itemId, { report: false })),
      saved: () => {
        if (!stay) void navigate({ to: descriptor.listPath });
      },
      removed: () => void navigate({ to: descriptor.listPath }),
    });
  }, [services, descriptor, source, stay, navigate]);

  const actor = useActorRef(machine, { ...useInspected(), input: { id, defaults: descriptor.defaults({ timeZone: settings.timeZone }) as unknown as Draft } });
  const snapshot = useSelector(actor, (s) => s);
  const draft = snapshot.context.draft;
  // problems show on the fields changed so far, and on every field once saving was asked for
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(() => new Set());
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement | null>(null);
  // a refused save: the focus goes to the first field said to be wrong
  useEffect(() => {
    if (attempts === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-field-problem]');
    const target = first?.hasAttribute('data-field-problem') ? first.previousElementSibling?.querySelector<HTMLElement>('input, button') : first;
    target?.focus();
  }, [attempts]);

  // Leaving with unsaved changes asks first (the machine's confirmingLeave); saved or untouched forms leave at once.
  useBlocker({
    shouldBlockFn: async () => {
      const now = actor.getSnapshot();
      if (!(now.matches('editing') || now.matches('failed')) || !isDirty(now.context)) return false;
      actor.send({ type: 'LEAVE' });
      const settled = await waitFor(actor, (s) => s.matches('left') || s.matches('editing'));
      return !settled.matches('left');
    },
    enableBeforeUnload: () => {
      const now = actor.getSnapshot();
      return (now.matches('editing') || now.matches('failed')) && isDirty(now.context);
    },
  });

  if (!allowed) return <Refusal />;
  const title = i18n._(id === null ? descriptor.titleNew : descriptor.titleEdit);
  if (snapshot.matches('loading') || snapshot.matches('start')) return <Loader label={t`Loading`} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <div className={styles.page}>
        <h1 className={styles.heading}>{title}</h1>
        <Alert variant="error">{catalogue(snapshot.context.error ?? '')}</Alert>
        <div className={styles.actions}>
          <Button onPress={() => actor.send({ type: 'RETRY' })}>{t`Try again`}</Button>
        </div>
      </div>
    );
  }
  if (!draft) return null;
  const busy = snapshot.hasTag('busy');
  const disabled = !mayEdit || busy || snapshot.matches('saved') || snapshot.matches('removed');
  const change = (next: Draft) => actor.send({ type: 'CHANGE', draft: next });
  const changeField = (key: FieldKey) => (next: Draft) => {
    if (!touched.has(key)) setTouched(new Set(touched).add(key));
    change(next);
  };
  const context: FieldContext = { ...settings, draft };
  const problems = disabled ? new Map() : formProblems(descriptor.sections, draft, context);
  const shown = (key: FieldKey) => (attempts > 0 || touched.has(key) ? problems.get(key) : undefined);
  const fieldAttributes = new Set(
    descriptor.sections.flatMap((section) => section.fields.map((f) => f.key)).filter((k) => k.startsWith('attributes.')).map((k) => k.slice(11)),
  );
  const error = snapshot.context.error ? formError(i18n, snapshot.context.error, catalogue) : null;
  const removable = (descriptor.removable ?? true) && id !== null && mayEdit;
  const item = draft as unknown as T;
  const notice = descriptor.notice?.(item, context) ?? null;
  const itemName = descriptor.itemName ? descriptor.itemName(item) : typeof draft.name === 'string' && draft.name ? draft.name : typeof draft.description === 'string' ? draft.description : '';

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{title}</h1>
      </header>
      {subject}
      {notice ?? <ReadOnlyNotice screen={descriptor.screen} editable={mayEdit} />}
      <Form
        className={styles.form}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          form.current = event.currentTarget;
          // under validationBehavior 'aria' the browser knows no `required`: the descriptors' problems (required, validate) are checked here
          const valid = problems.size === 0 && event.currentTarget.checkValidity() && !event.currentTarget.querySelector('[aria-invalid="true"]');
          if (valid) actor.send({ type: 'SAVE' });
          else setAttempts((n) => n + 1);
        }}
      >
        {error ? (
          <Alert variant="error" title={t`Not saved`}>
            {error}
          </Alert>
        ) : null}
        {descriptor.sections.map((section, index) => {
          // a section none of whose fields shows is not drawn (an empty heading says nothing)
          if (!section.fields.some((field) => !field.visible || field.visible(context))) return null;
          // a closed section with a problem opens after a refused save (a new Section, expanded), so its field can take the focus
          const blocked = attempts > 0 && section.fields.some((field) => problems.has(field.key));
          return (
            <Section key={blocked ? `${index}:${attempts}` : index} title={i18n._(section.title)} defaultExpanded={blocked || (section.defaultExpanded ?? index === 0)}>
              {section.fields.map((field) => (
                <FieldControl key={field.key} field={field} draft={draft} change={changeField(field.key)} context={context} isDisabled={disabled} problem={shown(field.key)} />
              ))}
            </Section>
          );
        })}
        {/* ui.disableAttributes hides the attribute editors (never from administrators) */}
        {descriptor.knownAttributes && settings.restrictions.features.attributes ? (
          <Section title={t`Attributes`}>
            <AttributesEditor
              attributes={(draft.attributes as Attributes | undefined) ?? {}}
              onChange={(attributes) => change({ ...draft, attributes })}
              known={descriptor.knownAttributes}
              hidden={fieldAttributes}
              isDisabled={disabled}
            />
          </Section>
        ) : null}
        {descriptor.extra && (id !== null || descriptor.extraOnNew) ? descriptor.extra({ item, context, change, isDisabled: disabled }) : null}
        <div className={styles.actions}>
          {/* saved on a page that stays: said beside the button that was pressed, with the way to start again */}
          {stay && snapshot.matches('saved') ? (
            <>
              <p role="status" className={styles.muted}>
                {descriptor.savedMessage ? i18n._(descriptor.savedMessage(draft as unknown as T)) : t`Saved`}
              </p>
              <Button variant="secondary" onPress={onAgain}>
                {descriptor.againLabel ? i18n._(descriptor.againLabel) : t`Edit again`}
              </Button>
            </>
          ) : null}
          {removable ? (
            <Button variant="danger" onPress={() => actor.send({ type: 'REMOVE' })} isDisabled={busy}>
              {t`Remove`}
            </Button>
          ) : null}
          {stay ? null : (
            <Button variant="secondary" onPress={() => void navigate({ to: descriptor.listPath })}>
              {mayEdit ? t`Cancel` : t`Back`}
            </Button>
          )}
          {mayEdit ? (
            <Button type="submit" isPending={snapshot.matches('saving')} isDisabled={busy || snapshot.matches('saved')}>
              {descriptor.saveLabel ? i18n._(descriptor.saveLabel) : t`Save`}
            </Button>
          ) : null}
        </div>
      </Form>
      <AlertDialog
        isOpen={snapshot.matches('confirmingRemove') || snapshot.matches('removing')}
        title={t`Remove item?`}
        primaryActionLabel={t`Remove`}
        cancelLabel={t`Cancel`}
        variant="danger"
        isPrimaryActionPending={snapshot.matches('removing')}
        onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      >
        {/* what it removes, by its name (or description) */}
        {itemName ? <p className={styles.removeName}>{itemName}</p> : null}
      </AlertDialog>
      <AlertDialog
        isOpen={snapshot.matches('confirmingLeave')}
        title={t`Leave without saving?`}
        primaryActionLabel={t`Leave`}
        cancelLabel={t`Stay`}
        variant="danger"
        onPrimaryAction={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
      >
        {t`Your changes are not saved.`}
      </AlertDialog>
    </div>
  );
}
