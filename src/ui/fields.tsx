/**
 * The form parts of the settings screens, each a react-aria-components part themed here: numbers
 * with units, switches, searchable choices, tabs, disclosure sections, dates in a time zone,
 * colours and files. Logical properties only, so they read right in Arabic and English.
 */
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  ColorField as AriaColorField,
  ComboBox as AriaComboBox,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog as AriaDialog,
  Disclosure,
  DisclosurePanel,
  DropZone,
  FileTrigger,
  Group,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  NumberField as AriaNumberField,
  Popover,
  Switch as AriaSwitch,
  Tab,
  TabList,
  TabPanel,
  Tabs as AriaTabs,
  Text,
  type Key,
  CheckboxGroup as AriaCheckboxGroup,
} from 'react-aria-components';
import { CalendarDate, getLocalTimeZone, parseAbsolute, toCalendarDate, toZoned, type ZonedDateTime } from '@internationalized/date';
import * as fieldStyles from './Field.css';
import * as styles from './fields.css';
import { Button } from './Button';
import { FieldError } from './FieldError';
import { Checkbox } from './Checkbox';
import { ChevronDownIcon } from './shellIcons';
import { cx } from './cx';
import { usePopoverBoundary } from './popoverBoundary';

interface Labelled {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: ReactNode;
  isDisabled?: boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  name?: string;
}

function Description({ children }: { children?: ReactNode }) {
  return children == null ? null : (
    <Text slot="description" className={fieldStyles.description}>
      {children}
    </Text>
  );
}

/** A field's label, its input group (the input and what sits beside it), help and error. */
function GroupedParts({ label, description, errorMessage, children }: Labelled & { children: ReactNode }) {
  return (
    <>
      <Label className={fieldStyles.label}>{label}</Label>
      <Group className={styles.group}>{children}</Group>
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
    </>
  );
}

export interface NumberFieldProps extends Labelled {
  value: number | null;
  onChange: (value: number | null) => void;
  /** the unit shown after the number (km/h, km, …) */
  unit?: string;
  minValue?: number;
  maxValue?: number;
  step?: number;
  validate?: (value: number) => string | null;
}

/** A number, optionally with its unit; empty is `null`. */
export function NumberField({ label, description, errorMessage, unit, value, onChange, validate, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      {...props}
      value={value ?? Number.NaN}
      onChange={(next) => onChange(Number.isNaN(next) ? null : next)}
      validate={validate ? (v) => (Number.isNaN(v) ? null : validate(v)) : undefined}
      formatOptions={{ useGrouping: false, maximumFractionDigits: 6 }}
      className={fieldStyles.field}
    >
      <GroupedParts label={label} description={description} errorMessage={errorMessage}>
        <Input className={styles.groupInput} />
        {unit ? <span className={styles.unit}>{unit}</span> : null}
      </GroupedParts>
    </AriaNumberField>
  );
}

export interface SwitchProps {
  children: ReactNode;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
  isDisabled?: boolean;
  name?: string;
}

/** An on/off setting; Space toggles it. */
export function Switch({ children, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={styles.switchRoot}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      {children}
    </AriaSwitch>
  );
}

export interface ChoiceItem {
  id: string;
  label: string;
}

export interface ComboBoxProps extends Labelled {
  items: readonly ChoiceItem[];
  selectedKey: string | null;
  onSelectionChange: (key: string | null) => void;
  placeholder?: string;
}

/**
 * A choice among many, filtered by typing (groups, devices, time zones). The list opens on typing,
 * ArrowDown or the button, never on Tab alone (an open list would hide the rest of the page).
 */
export function ComboBox({ label, description, errorMessage, items, selectedKey, onSelectionChange, placeholder, ...props }: ComboBoxProps) {
  return (
    <AriaComboBox
      {...props}
      defaultItems={items}
      selectedKey={selectedKey}
      onSelectionChange={(key: Key | null) => onSelectionChange(key === null ? null : String(key))}
      className={fieldStyles.field}
    >
      <GroupedParts label={label} description={description} errorMessage={errorMessage}>
        <Input className={styles.groupInput} placeholder={placeholder} />
        <AriaButton className={styles.iconButton}>
          <ChevronDownIcon />
        </AriaButton>
      </GroupedParts>
      <Popover className={styles.popover} {...usePopoverBoundary()}>
        <ListBox className={styles.listBox}>
          {(item: ChoiceItem) => (
            <ListBoxItem id={item.id} textValue={item.label} className={styles.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}

export interface TabsProps {
  'aria-label': string;
  tabs: ReadonlyArray<{ id: string; title: ReactNode; content: ReactNode }>;
  selectedKey?: string;
  onSelectionChange?: (key: string) => void;
}

export function Tabs({ tabs, selectedKey, onSelectionChange, ...props }: TabsProps) {
  return (
    <AriaTabs selectedKey={selectedKey} onSelectionChange={onSelectionChange ? (key) => onSelectionChange(String(key)) : undefined}>
      <TabList aria-label={props['aria-label']} className={styles.tabList}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={styles.tab}>
            {tab.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={styles.tabPanel}>
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}

export interface SectionProps {
  title: ReactNode;
  children: ReactNode;
  defaultExpanded?: boolean;
  id?: string;
}

/** A titled group of fields that opens and closes (Traccar's accordions). */
export function Section({ title, children, defaultExpanded = false, id }: SectionProps) {
  return (
    <Disclosure defaultExpanded={defaultExpanded} className={styles.disclosure} id={id}>
      <Heading level={2} style={{ margin: 0, fontSize: 'inherit' }}>
        <AriaButton slot="trigger" className={styles.disclosureTrigger}>
          {title}
          <ChevronDownIcon className={styles.chevron} />
        </AriaButton>
      </Heading>
      <DisclosurePanel className={styles.disclosurePanel}>{children}</DisclosurePanel>
    </Disclosure>
  );
}

export interface DatePickerProps extends Labelled {
  /** an ISO instant, or null */
  value: string | null;
  onChange: (iso: string | null) => void;
  /** the user's time zone (IANA); the day (and time) is read and written in it */
  timeZone?: string;
  /** a day (stored as the instant of its start), or a day and a time to the minute */
  granularity?: 'day' | 'minute';
  previousLabel: string;
  nextLabel: string;
  openLabel: string;
  /** the field's box in its form (its width among others) */
  className?: string;
}

/** A day, or a day and time, in the user's time zone, stored as an instant. */
export function DatePicker({ label, description, errorMessage, value, onChange, timeZone, granularity = 'day', previousLabel, nextLabel, openLabel, className, ...props }: DatePickerProps) {
  const zone = timeZone || getLocalTimeZone();
  let date: CalendarDate | ZonedDateTime | null = null;
  if (value) {
    try {
      const zoned = parseAbsolute(new Date(value).toISOString(), zone);
      date = granularity === 'day' ? toCalendarDate(zoned) : zoned;
    } catch {
      date = null;
    }
  }
  return (
    <AriaDatePicker
      {...props}
      value={date}
      granularity={granularity}
      hideTimeZone
      onChange={(next) => onChange(next ? toZoned(next, zone).toAbsoluteString() : null)}
      className={cx(fieldStyles.field, className)}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <Group className={styles.group}>
        <DateInput className={styles.dateInput}>{(segment) => <DateSegment segment={segment} className={styles.dateSegment} />}</DateInput>
        <AriaButton className={styles.iconButton} aria-label={openLabel}>
          <ChevronDownIcon />
        </AriaButton>
      </Group>
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
      <Popover className={styles.popover} {...usePopoverBoundary()}>
        <AriaDialog>
          <Calendar className={styles.calendar}>
            <header className={styles.calendarHeader}>
              <AriaButton slot="previous" className={styles.iconButton} aria-label={previousLabel}>
                <span aria-hidden="true">‹</span>
              </AriaButton>
              <Heading style={{ margin: 0, fontSize: 'inherit' }} />
              <AriaButton slot="next" className={styles.iconButton} aria-label={nextLabel}>
                <span aria-hidden="true">›</span>
              </AriaButton>
            </header>
            <CalendarGrid>{(day) => <CalendarCell date={day} className={styles.calendarCell} />}</CalendarGrid>
          </Calendar>
        </AriaDialog>
      </Popover>
    </AriaDatePicker>
  );
}

export interface ChoiceGroupProps extends Labelled {
  items: readonly ChoiceItem[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}

/** Several of a few choices, as checkboxes (notificators, alarm types). */
export function ChoiceGroup({ label, description, errorMessage, items, value, onChange, ...props }: ChoiceGroupProps) {
  return (
    <AriaCheckboxGroup {...props} value={[...value]} onChange={onChange} className={fieldStyles.field}>
      <Label className={fieldStyles.label}>{label}</Label>
      <div className={styles.choices}>
        {items.map((item) => (
          <Checkbox key={item.id} value={item.id}>
            {item.label}
          </Checkbox>
        ))}
      </div>
      <Description>{description}</Description>
      <FieldError>{errorMessage}</FieldError>
    </AriaCheckboxGroup>
  );
}

export interface ColorFieldProps extends Labelled {
  /** `#rrggbb` or '' */
  value: string;
  onChange: (hex: string) => void;
}

/** A colour as hex, with its swatch. */
export function ColorField({ label, description, errorMessage, value, onChange, ...props }: ColorFieldProps) {
  const valid = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);
  return (
    <AriaColorField
      {...props}
      value={valid ? value : null}
      onChange={(color) => {
        onChange(color ? color.toString('hex').toLowerCase() : '');
      }}
      className={fieldStyles.field}
    >
      <GroupedParts label={label} description={description} errorMessage={errorMessage}>
        <Input className={styles.groupInput} dir="ltr" placeholder="#1a73e8" />
        <span className={styles.swatch} style={{ backgroundColor: valid ? value : 'transparent' }} aria-hidden="true" />
      </GroupedParts>
    </AriaColorField>
  );
}

export interface FileDropProps {
  label: string;
  /** the button's text */
  chooseLabel: string;
  acceptedFileTypes: string[];
  onFile: (file: File) => void;
  isPending?: boolean;
  children?: ReactNode;
}

/** Drop a file here, or choose one; the first accepted file is passed on. */
export function FileDrop({ label, chooseLabel, acceptedFileTypes, onFile, isPending, children }: FileDropProps) {
  return (
    <DropZone
      aria-label={label}
      className={styles.dropZone}
      // an extension (".ics") says nothing while dragging, where only MIME types are known (and often
      // none for such files): every file is taken then, and the receiver checks what it got
      getDropOperation={(types) => (acceptedFileTypes.some((type) => type.startsWith('.') || types.has(type)) ? 'copy' : 'cancel')}
      onDrop={async (event) => {
        for (const item of event.items) {
          if (item.kind === 'file') {
            onFile(await item.getFile());
            return;
          }
        }
      }}
    >
      {children}
      <FileTrigger acceptedFileTypes={acceptedFileTypes} onSelect={(files) => files?.[0] && onFile(files[0])}>
        <Button variant="secondary" isPending={isPending}>
          {chooseLabel}
        </Button>
      </FileTrigger>
      <Text slot="label" className={cx(fieldStyles.description)}>
        {label}
      </Text>
    </DropZone>
  );
}
