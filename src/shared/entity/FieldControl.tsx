import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChoiceGroup, ColorField, ComboBox, DatePicker, NumberField, Select, Switch, TextField } from '../../ui';
import { useData } from '../data';
import type { Resource } from '../../api/resources';
import type { Draft } from '../../machines/editor/editor.machine';
import { description as descriptionStyle, fieldError } from '../../ui/Field.css';
import { TextArea } from '../../ui/TextArea';
import { fieldDescription, isRequired, readField, writeField, type FieldContext, type FieldDescriptor, type OptionSource } from './model';

interface FieldControlProps {
  field: FieldDescriptor;
  draft: Draft;
  change: (draft: Draft) => void;
  context: FieldContext;
  isDisabled: boolean;
  /** what is wrong with the value (required and empty, or the descriptor's `validate`), once shown */
  problem?: MessageDescriptor | null;
}

/** One field of an edit page, drawn from its descriptor. */
export function FieldControl({ field, draft, change, context, isDisabled: formDisabled, problem: problemDescriptor }: FieldControlProps) {
  const { t, i18n } = useLingui();
  if (field.visible && !field.visible(context)) return null;
  const isDisabled = formDisabled || (field.disabled?.(context) ?? false);
  const label = i18n._(field.label);
  const described = fieldDescription(field, context);
  const description = described ? i18n._(described) : undefined;
  // a problem marks the control invalid (aria-invalid) with its message under it; none leaves the control's own validation alone
  const problem = problemDescriptor ? i18n._(problemDescriptor) : undefined;
  const invalid = problem ? { isInvalid: true, errorMessage: problem } : {};
  const value = readField(draft, field.key);
  const set = (next: unknown) => {
    const written = writeField(draft, field.key, next);
    change(field.onSet ? field.onSet(written, draft) : written);
  };
  switch (field.kind) {
    case 'text': {
      const Control = field.multiline ? TextArea : TextField;
      return (
        <Control
          label={label}
          description={description}
          name={field.key}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete}
          isRequired={isRequired(field, context)}
          isDisabled={isDisabled}
          value={typeof value === 'string' ? value : value == null ? '' : String(value)}
          onChange={set}
          inputDir={field.dir}
          {...invalid}
        />
      );
    }
    case 'number':
      return <NumberControl field={field} value={value} set={set} context={context} isDisabled={isDisabled} label={label} description={description} problem={problem} />;
    case 'switch':
      return <SwitchControl field={field} value={value} set={set} context={context} isDisabled={isDisabled} label={label} description={description} problem={problem} />;
    case 'select':
    case 'choices':
      return <ChoiceControl field={field} value={value} set={set} context={context} isDisabled={isDisabled} label={label} description={description} problem={problem} />;
    case 'entity':
      return <EntityField field={field} value={typeof value === 'number' ? value : 0} set={set} context={context} isDisabled={isDisabled} label={label} problem={problem} />;
    case 'date':
      return (
        <DatePicker
          label={label}
          description={description}
          isDisabled={isDisabled}
          value={typeof value === 'string' && value ? value : null}
          onChange={set}
          timeZone={context.timeZone}
          granularity={field.granularity ?? 'day'}
          previousLabel={t`Previous month`}
          nextLabel={t`Next month`}
          openLabel={t`Open calendar`}
          {...invalid}
        />
      );
    case 'color':
      return <ColorField label={label} description={description} isDisabled={isDisabled} value={typeof value === 'string' ? value : ''} onChange={(hex) => set(hex || null)} {...invalid} />;
    case 'custom':
      return <>{field.render({ draft, change, context, isDisabled, problem })}</>;
  }
}

/** A problem under a control that has no error slot of its own (a switch, a select). */
function ProblemText({ children }: { children: string }) {
  return (
    <p className={fieldError} data-field-problem>
      {children}
    </p>
  );
}

/** What every field control receives: its descriptor, its value in the draft and the way to set it. */
interface ControlProps<F> {
  field: F;
  value: unknown;
  set: (value: unknown) => void;
  context: FieldContext;
  isDisabled: boolean;
  label: string;
  description?: string;
  /** the problem said under the control (it is then invalid) */
  problem?: string;
}

/** A switch, with its description under it (what turning it on does) tied to it for a screen reader. */
function SwitchControl({ field, value, set, context, isDisabled, label, description, problem }: ControlProps<Extract<FieldDescriptor, { kind: 'switch' }>>) {
  const id = useId();
  // an unset value shows as what it means (the descriptor's `whenUnset`, else off)
  const unset = value === undefined || value === null || value === '';
  return (
    <>
      <Switch isSelected={unset ? (field.whenUnset?.(context) ?? false) : value === true || value === 'true'} onChange={set} isDisabled={isDisabled} name={field.key} aria-describedby={description ? id : undefined}>
        {label}
      </Switch>
      {description ? (
        <div id={id} className={descriptionStyle}>
          {description}
        </div>
      ) : null}
      {problem ? <ProblemText>{problem}</ProblemText> : null}
    </>
  );
}

function EntityField({ field, value, set, context, isDisabled, label, problem }: ControlProps<Extract<FieldDescriptor, { kind: 'entity' }>> & { value: number }) {
  const { i18n } = useLingui();
  const { queries } = useData();
  const list = useQuery(queries.list(field.resource as Resource<{ id: number; name?: string }>));
  const excluded = new Set(field.exclude?.(context) ?? []);
  const items = [
    { id: '0', label: i18n._(field.emptyLabel) },
    ...(list.data ?? [])
      .filter((item) => !excluded.has(item.id))
      .map((item) => ({ id: String(item.id), label: 'name' in item && typeof item.name === 'string' ? item.name : String(item.id) })),
  ];
  return (
    <ComboBox
      label={label}
      items={items}
      selectedKey={String(value)}
      isDisabled={isDisabled}
      onSelectionChange={(key) => set(key === null ? 0 : Number(key))}
      {...(problem ? { isInvalid: true, errorMessage: problem } : {})}
    />
  );
}

/**
 * A number in the user's unit. A field that may not be zero shows a stored zero as empty (not set
 * yet) rather than as an error before anything is typed; a zero the user types is kept and refused
 * with the spec's 'Can't be zero'.
 */
function NumberControl({ field, value, set, context, isDisabled, label, description, problem }: ControlProps<Extract<FieldDescriptor, { kind: 'number' }>>) {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState(false);
  const raw = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : null;
  const unset = raw === null || !Number.isFinite(raw) || (field.notZero === true && raw === 0 && !typed);
  const shown = unset ? null : field.toDisplay ? field.toDisplay(raw, context) : raw;
  return (
    <NumberField
      label={label}
      description={description}
      name={field.key}
      unit={field.unit?.(context, i18n)}
      minValue={field.minValue}
      step={field.integer ? 1 : undefined}
      isDisabled={isDisabled}
      value={shown === null ? null : Math.round(shown * 1e6) / 1e6}
      validate={field.notZero ? (v) => (v === 0 ? t`Can't be zero` : null) : undefined}
      {...(problem ? { isInvalid: true, errorMessage: problem } : {})}
      onChange={(next) => {
        setTyped(true);
        set(next === null ? (field.key.startsWith('attributes.') ? null : 0) : field.fromDisplay ? field.fromDisplay(next, context) : next);
      }}
    />
  );
}

/**
 * One of several options (a select, with 'Default' when empty is allowed), or several of them
 * (checkboxes, kept as Traccar keeps them: a comma-separated text).
 */
type ChoiceProps = ControlProps<Extract<FieldDescriptor, { kind: 'select' | 'choices' }>>;

function ChoiceControl(props: ChoiceProps) {
  const { i18n } = useLingui();
  const source = props.field.options;
  if (typeof source === 'function') return <ChoiceView {...props} options={source(props.context, i18n)} />;
  return <LoadedChoices {...props} source={source} />;
}

/** Options from the server (notification types, notificators), named by the descriptor. */
function LoadedChoices({ source, ...props }: ChoiceProps & { source: Exclude<OptionSource, (...args: never[]) => unknown> }) {
  const { i18n } = useLingui();
  const { queries } = useData();
  const loaded = useQuery(source.load(queries));
  return <ChoiceView {...props} options={(loaded.data ?? []).map((id) => ({ id, label: source.label(id, i18n) }))} />;
}

function ChoiceView({ field, value, set, isDisabled, label, description, options, problem }: ChoiceProps & { options: Array<{ id: string; label: string }> }) {
  const { t } = useLingui();
  if (field.kind === 'choices') {
    const chosen = typeof value === 'string' && value ? value.split(',').map((v) => v.trim()).filter(Boolean) : [];
    return (
      <ChoiceGroup
        label={label}
        description={description}
        items={options}
        value={chosen}
        isDisabled={isDisabled}
        onChange={(next) => set(next.length > 0 ? next.join(',') : null)}
        {...(problem ? { isInvalid: true, errorMessage: problem } : {})}
      />
    );
  }
  const items = field.allowEmpty ? [{ id: '', label: t`Default` }, ...options] : options;
  return (
    <>
    <Select
      label={label}
      description={description}
      name={field.key}
      items={items}
      isDisabled={isDisabled}
      selectedKey={value == null || value === '' ? (field.unsetAs ?? '') : String(value)}
      onSelectionChange={(key) => set(key === '' ? null : key)}
    />
    {problem ? <ProblemText>{problem}</ProblemText> : null}
    </>
  );
}
