import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AttributeValue, Attributes } from '../../../contract/models';
import { Button, ColorField, ComboBox, NumberField, Select, Switch, TextField, DeleteIcon } from '../../ui';
import type { AttributeType, KnownAttribute } from './model';
import * as styles from './settings.css';

interface AttributesEditorProps {
  attributes: Attributes;
  onChange: (attributes: Attributes) => void;
  /** the attributes this entity is known to take: offered by name, with their type */
  known: KnownAttribute[];
  /** keys edited by the form's own fields (not listed again here) */
  hidden: ReadonlySet<string>;
  isDisabled: boolean;
}

function typeOf(value: AttributeValue | undefined, known: KnownAttribute | undefined): AttributeType {
  if (known) return known.type;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return 'color';
  return 'string';
}

const initial: Record<AttributeType, AttributeValue> = { string: '', number: 0, boolean: false, color: '#1a73e8' };

/** Add, change and remove the typed attributes of an entity (string, number, boolean, colour). */
export function AttributesEditor({ attributes, onChange, known, hidden, isDisabled }: AttributesEditorProps) {
  const { t, i18n } = useLingui();
  const [key, setKey] = useState('');
  const [type, setType] = useState<AttributeType>('string');
  const byKey = new Map(known.map((k) => [k.key, k]));
  const entries = Object.entries(attributes).filter(([name, value]) => !hidden.has(name) && value !== undefined);
  const set = (name: string, value: AttributeValue | undefined) => {
    const next = { ...attributes };
    if (value === undefined) delete next[name];
    else next[name] = value;
    onChange(next);
  };
  const offered = known.filter((k) => !hidden.has(k.key) && attributes[k.key] === undefined);
  const types = [
    { id: 'string', label: t`Text` },
    { id: 'number', label: t`Number` },
    { id: 'boolean', label: t`Yes or no` },
    { id: 'color', label: t`Colour` },
  ];
  const chosen = byKey.get(key.trim());
  const add = () => {
    const name = key.trim();
    if (!name || attributes[name] !== undefined) return;
    set(name, initial[chosen?.type ?? type]);
    setKey('');
  };
  return (
    <div className={styles.attributes}>
      {entries.length === 0 ? <p className={styles.muted}>{t`No attributes`}</p> : null}
      {entries.map(([name, value]) => {
        const info = byKey.get(name);
        const label = info ? i18n._(info.label) : name;
        const kind = typeOf(value, info);
        const control =
          kind === 'boolean' ? (
            <Switch isSelected={value === true || value === 'true'} onChange={(next) => set(name, next)} isDisabled={isDisabled}>
              {label}
            </Switch>
          ) : kind === 'number' ? (
            <NumberField label={label} value={typeof value === 'number' ? value : Number(value) || 0} onChange={(next) => set(name, next ?? 0)} isDisabled={isDisabled} />
          ) : kind === 'color' ? (
            <ColorField label={label} value={typeof value === 'string' ? value : ''} onChange={(hex) => set(name, hex)} isDisabled={isDisabled} />
          ) : (
            <TextField label={label} value={value == null ? '' : String(value)} onChange={(next) => set(name, next)} isDisabled={isDisabled} />
          );
        return (
          <div key={name} className={styles.attributeRow}>
            <div className={styles.grow}>{control}</div>
            <Button variant="quiet" aria-label={t`Remove ${label}`} onPress={() => set(name, undefined)} isDisabled={isDisabled}>
              <DeleteIcon />
            </Button>
          </div>
        );
      })}
      {isDisabled ? null : (
        <div className={styles.attributeAdd}>
          <div className={styles.grow}>
            <ComboBox
              label={t`Attribute`}
              items={offered.map((k) => ({ id: k.key, label: i18n._(k.label) }))}
              selectedKey={byKey.has(key) ? key : null}
              onSelectionChange={(next) => setKey(next ?? '')}
              placeholder={t`Name`}
            />
          </div>
          <TextField label={t`Or a new name`} value={byKey.has(key) ? '' : key} onChange={setKey} inputDir="ltr" />
          {chosen ? null : <Select label={t`Type`} items={types} selectedKey={type} onSelectionChange={(next) => setType(next as AttributeType)} />}
          <Button variant="secondary" onPress={add} isDisabled={!key.trim() || attributes[key.trim()] !== undefined}>
            {t`Add`}
          </Button>
        </div>
      )}
    </div>
  );
}
