/**
 * The declarations a settings screen is made of: fields (what to edit and how), columns (what a
 * list shows) and known attributes. A new entity screen is a descriptor file and a thin route.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Attributes, Server, User } from '../../../contract/models';
import type { AnyResource, Resource } from '../../api/resources';
import type { Restrictions, SettingsScreen } from '../../domain/restrictions';
import type { Draft } from '../../machines/editor/editor.machine';
import type { Units } from '../../domain/units';
import type { Queries } from '../../api/queries';
import type { LiveState } from '../../domain/liveStore';

/** `name`, or `attributes.speedLimit` for a value kept in the attributes. */
export type FieldKey = string;

export interface FieldContext {
  user: User | null;
  server: Server | null;
  restrictions: Restrictions;
  units: Units;
  /** the draft being edited */
  draft: Draft;
  timeZone: string;
}

interface BaseField {
  key: FieldKey;
  label: MessageDescriptor;
  /** said under the field; a function when it depends on the item (a new user's password or one kept) */
  description?: MessageDescriptor | ((context: FieldContext) => MessageDescriptor | undefined);
  /** shown only when this holds (e.g. administrators) */
  visible?: (context: FieldContext) => boolean;
  /** read-only when this holds */
  disabled?: (context: FieldContext) => boolean;
  /** what else changes when this field is set (the draft with the new value, and the one before) */
  onSet?: (next: Draft, previous: Draft) => Draft;
  /**
   * What is wrong with the value, said under the field (null: nothing). The form refuses to save
   * while a shown, enabled field has a problem; `required` text fields are checked before this.
   */
  validate?: (value: unknown, draft: Draft) => MessageDescriptor | null;
}

export type FieldDescriptor =
  | (BaseField & { kind: 'text'; /** a function when it depends on the item (a new user's password) */ required?: boolean | ((context: FieldContext) => boolean); type?: 'text' | 'email' | 'password' | 'tel' | 'url'; autoComplete?: string; /** the typed text's direction (identifiers: ltr; a text in a given language) */ dir?: 'ltr' | 'rtl'; /** several lines (a message) */ multiline?: boolean })
  | (BaseField & { kind: 'number'; unit?: (context: FieldContext, i18n: I18n) => string; minValue?: number; notZero?: boolean; integer?: boolean; toDisplay?: (value: number, context: FieldContext) => number; fromDisplay?: (value: number, context: FieldContext) => number })
  | (BaseField & { kind: 'switch'; /** what an unset value means, shown as on or off (default off) */ whenUnset?: (context: FieldContext) => boolean })
  | (BaseField & { kind: 'select'; options: OptionSource; /** an empty choice, 'Default' */ allowEmpty?: boolean; /** the option an unset value shows as (a device without a category is 'default') */ unsetAs?: string })
  | (BaseField & { kind: 'choices'; options: OptionSource })
  | (BaseField & { kind: 'entity'; resource: AnyResource; emptyLabel: MessageDescriptor; exclude?: (context: FieldContext) => number[] })
  | (BaseField & { kind: 'date'; /** a day (default), or a day and a time */ granularity?: 'day' | 'minute' })
  | (BaseField & { kind: 'color' })
  | (BaseField & { kind: 'custom'; render: (props: { draft: Draft; change: (draft: Draft) => void; context: FieldContext; isDisabled: boolean; /** the field's problem, when shown */ problem?: string }) => ReactNode });

/** The options of a select or of choices: given, or loaded (the server's lists) and named here. */
export type OptionSource =
  | ((context: FieldContext, i18n: { _: (d: MessageDescriptor) => string }) => Array<{ id: string; label: string }>)
  | { load: (queries: Queries) => { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<string[]> }; label: (id: string, i18n: I18n) => string };

export interface FieldSection {
  title: MessageDescriptor;
  fields: FieldDescriptor[];
  defaultExpanded?: boolean;
}

export type AttributeType = 'string' | 'number' | 'boolean' | 'color';

export interface KnownAttribute {
  key: string;
  label: MessageDescriptor;
  type: AttributeType;
}

export interface EditDescriptor<T extends { id: number }> {
  /** the entity edited; absent for a page that always has its own load and save (`EditSource`) */
  resource?: Resource<T>;
  screen: SettingsScreen;
  /** titles of the page for a new item and an existing one */
  titleNew: MessageDescriptor;
  titleEdit: MessageDescriptor;
  /** where saving, removing or leaving goes */
  listPath: string;
  /** a new item (the time zone is the user's, for things written in one) */
  defaults: (context: { timeZone: string }) => T;
  sections: FieldSection[];
  /** typed attributes this entity is known to take (offered by the attributes editor) */
  knownAttributes?: KnownAttribute[];
  /** below the form of a saved item (the device image, the QR code) */
  extra?: (props: { item: T; context: FieldContext; change: (draft: Draft) => void; isDisabled: boolean }) => ReactNode;
  /** the extra part shows on a new item's form too (a computed attribute's Test) */
  extraOnNew?: boolean;
  /** the submit button's label (default 'Save') */
  saveLabel?: MessageDescriptor;
  /** what the page says once saved, from the server's answer (default 'Saved') */
  savedMessage?: (item: T) => MessageDescriptor;
  /** a page that stays after saving: the button that starts over (default 'Edit again') */
  againLabel?: MessageDescriptor;
  /** what is removable (default: every saved item when the screen may be edited) */
  removable?: boolean;
  /** how 'Remove item?' names the item (default: its name, else its description) */
  itemName?: (item: T) => string;
  /**
   * A notice under the heading about this item (a share link's session on its Account), or null.
   * It takes the place of the read-only notice.
   */
  notice?: (item: T, context: FieldContext) => ReactNode;
}

export interface ColumnDescriptor<T> {
  id: string;
  header: MessageDescriptor;
  /** the cell's text (also what sorting and searching read) */
  text: (row: T, context: ListContext) => string;
  /** shown unless the user hides it */
  defaultVisible?: boolean;
}

export interface ListContext {
  i18n: { _: (d: MessageDescriptor) => string; locale: string };
  restrictions: Restrictions;
  /** the user's units (distances, speeds…) */
  units: Units;
  /** names of other entities by id (group names for devices, …) */
  names: (resource: AnyResource, id: number) => string;
  /** the zone the user's times are shown in */
  timeZone: string;
}

export interface RowLink<T> {
  id: string;
  label: MessageDescriptor;
  href: (row: T) => string;
  visible?: (restrictions: Restrictions) => boolean;
}

export interface ListDescriptor<T extends { id: number }> {
  /** the entity whose list this is; absent for rows that come from a `ListSource` */
  resource?: Resource<T>;
  /**
   * The rows as the live store holds them (the devices, which the socket keeps): the page reads
   * the store and downloads no copy of them. Same rows for the same state (the page indexes them
   * again only when they change).
   */
  live?: (state: LiveState) => readonly T[];
  screen: SettingsScreen;
  title: MessageDescriptor;
  /** the path of a new item's editor, and of an item's */
  newPath: string;
  itemPath: (row: T) => string;
  columns: ColumnDescriptor<T>[];
  /** other row actions (connections, send a command) */
  links?: RowLink<T>[];
  /** resources whose names the columns show */
  lookups?: AnyResource[];
  /** whether a new item may be added now (limits) */
  canAdd?: (restrictions: Restrictions, user: User | null, count: number) => boolean;
  /** other screens of the same items, linked beside Add (e.g. geofences on the map) */
  pageLinks?: Array<{ id: string; label: MessageDescriptor; href: string }>;
  /**
   * What a list with nothing in it yet says, beside its Add action: what these items are for
   * (`about`), how the first is made when that is not just Add (`how`), and the empty state's
   * button (`add`, default 'Add'). Without it: 'Nothing here yet'.
   */
  empty?: { about: MessageDescriptor; how?: MessageDescriptor; add?: MessageDescriptor };
  /**
   * Rows left out of the list unless asked for (Traccar's temporary users of share links): which
   * they are, and the switch that shows them.
   */
  hiddenRows?: { is: (row: T) => boolean; show: MessageDescriptor };
  /** the order first shown (default: the first column, ascending) */
  sort?: { column: string; direction: 'ascending' | 'descending' };
  /** the width of the actions column, px (default 112) */
  actionsWidth?: number;
}

/**
 * Where a list page's rows come from and how one is removed: a query of the resource layer (an
 * entity's list, or rows that are not a Traccar entity, such as the announcements file), or the
 * live store (the devices). The list page takes one in place of a resource.
 */
export type ListSource<T, D = T[]> = QueryListSource<T, D> | LiveListSource<T>;

export interface QueryListSource<T, D = T[]> {
  query: { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<D> };
  /** the rows of what the query holds */
  rows: (data: D) => T[];
  remove: (row: T) => Promise<void>;
}

export interface LiveListSource<T> {
  /** the rows of the live store's state (the same array while they have not changed) */
  live: (state: LiveState) => readonly T[];
  remove: (row: T) => Promise<void>;
}

// --- reading and writing a field of a draft ---

export function readField(draft: Draft, key: FieldKey): unknown {
  if (key.startsWith('attributes.')) return (draft.attributes as Attributes | undefined)?.[key.slice('attributes.'.length)];
  return draft[key];
}

export function writeField(draft: Draft, key: FieldKey, value: unknown): Draft {
  if (key.startsWith('attributes.')) {
    const name = key.slice('attributes.'.length);
    const attributes = { ...((draft.attributes as Attributes | undefined) ?? {}) };
    if (value === undefined || value === null || value === '') delete attributes[name];
    else attributes[name] = value as Attributes[string];
    return { ...draft, attributes };
  }
  return { ...draft, [key]: value };
}

// --- what blocks saving ---

/** Said under a required field left empty. */
export const REQUIRED_MESSAGE = msg`Required: fill this in.`;

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether a text field must be filled in, for this draft. */
export function isRequired(field: Extract<FieldDescriptor, { kind: 'text' }>, context: FieldContext): boolean {
  return typeof field.required === 'function' ? field.required(context) : field.required === true;
}

/** What a field says under it, for this draft. */
export function fieldDescription(field: FieldDescriptor, context: FieldContext): MessageDescriptor | undefined {
  return typeof field.description === 'function' ? field.description(context) : field.description;
}

/**
 * The problem of one field of a draft, or null: none for a field that is not shown or may not be
 * changed; a required text field left empty; else the descriptor's own `validate`.
 */
export function fieldProblem(field: FieldDescriptor, draft: Draft, context: FieldContext): MessageDescriptor | null {
  if (field.visible && !field.visible(context)) return null;
  if (field.disabled?.(context)) return null;
  const value = readField(draft, field.key);
  if (field.kind === 'text' && isRequired(field, context) && isEmpty(value)) return REQUIRED_MESSAGE;
  return field.validate?.(value, draft) ?? null;
}

/** The problems of a form's fields, by key, in the order of the form. */
export function formProblems(sections: FieldSection[], draft: Draft, context: FieldContext): Map<FieldKey, MessageDescriptor> {
  const problems = new Map<FieldKey, MessageDescriptor>();
  for (const section of sections) {
    for (const field of section.fields) {
      const problem = fieldProblem(field, draft, context);
      if (problem) problems.set(field.key, problem);
    }
  }
  return problems;
}
