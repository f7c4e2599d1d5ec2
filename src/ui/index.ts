/**
 * Athar design system. Import `./global.css` and `./fonts` once at the entry point, wrap the app
 * in `ThemeProvider`, and build screens only from these parts. No text lives here: every
 * user-visible string comes in through props, translated by the app.
 */
export { vars, darkTokens, lightTokens } from './theme.css';
export { media } from './breakpoints';
export { isHexColor } from './color';
export type { Href } from './href';
export { ThemeProvider, themeOverrides, useThemeName, type ThemeProviderProps } from './ThemeProvider';
export { themeTokens } from './themeTokens';
export { cx, composeClass } from './cx';

export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { Spinner, type SpinnerProps, type SpinnerSize } from './Spinner';
export { TextField, type TextFieldProps } from './TextField';
export { FieldError, type FieldErrorProps } from './FieldError';
export { Select, type SelectItem, type SelectProps } from './Select';
export { MultiSelect, type MultiSelectProps } from './MultiSelect';
export { SegmentedControl, type SegmentedControlProps } from './SegmentedControl';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { Link, type LinkProps } from './Link';
export {
  Dialog,
  Modal,
  ModalDialog,
  AlertDialog,
  type DialogProps,
  type ModalProps,
  type ModalDialogProps,
  type AlertDialogProps,
} from './Dialog';
export { Form, type FormProps } from './Form';
export { ProgressCircle, Loader, type ProgressCircleProps, type LoaderProps } from './ProgressCircle';
export { Alert, type AlertProps, type AlertVariant } from './Alert';
export { ErrorToast, type ErrorToastProps } from './ErrorToast';
export { Menu, MenuItem, MenuSeparator, MenuTrigger, type MenuProps, type MenuItemProps, type MenuTriggerProps } from './Menu';
export { Badge, type BadgeProps } from './Badge';

export { AppShell, type AppShellProps } from './AppShell';
export {
  BottomNavigation,
  type BottomNavigationItem,
  type BottomNavigationLinkProps,
  type BottomNavigationProps,
} from './BottomNavigation';
export { AuthLayout, type AuthLayoutProps } from './AuthLayout';

export { CloseIcon, AlertIcon, InfoIcon, type IconProps } from './icons';
export { MapIcon, ReportsIcon, SettingsIcon, PersonIcon, LogoutIcon, LanguageIcon, ChevronDownIcon, BellIcon, ListIcon, DeleteIcon, BatteryIcon, IgnitionIcon, GlyphIcon, TrackIcon, LocateIcon, ReplayIcon, CommandIcon, EditIcon, MoreIcon } from './shellIcons';
export { Tooltip, type TooltipProps } from './Tooltip';
export { ActionBar, ActionButton, ActionLink, type ActionBarProps, type ActionButtonProps, type ActionLinkProps } from './ActionBar';
export { ToastRegion, createToastQueue, ToastQueue, type ToastContent, type ToastQueueOptions, type ToastRegionProps } from './Toast';
export { ToastZone, useCoverToastZone, useToastStrip, useMediaQuery, type ToastZoneProps } from './ToastPlace';
export { setToastPlace, useToastPlace } from './toastPlaceStore';
export { Drawer, type DrawerProps } from './Drawer';
export { PopoverDialog, type PopoverDialogProps } from './Popover';
export {
  NumberField,
  Switch,
  ComboBox,
  Tabs,
  Section,
  DatePicker,
  ColorField,
  ChoiceGroup,
  FileDrop,
  type ChoiceGroupProps,
  type NumberFieldProps,
  type SwitchProps,
  type ComboBoxProps,
  type ChoiceItem,
  type TabsProps,
  type SectionProps,
  type DatePickerProps,
  type ColorFieldProps,
  type FileDropProps,
} from './fields';
export { Table, type TableColumn, type TableProps, type SortDescriptor, type Selection } from './Table';
export { ButtonLink, type ButtonLinkProps } from './ButtonLink';
