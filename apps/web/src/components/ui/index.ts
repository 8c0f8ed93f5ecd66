export {
  Button,
  buttonClasses,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button';
export { Spinner, PageSpinner, type SpinnerProps } from './Spinner';
export { Card, CardBody, CardTitle } from './Card';
export { Dialog, DialogClose, type DialogProps } from './Dialog';
export { Tabs, LinkTabs, type TabItem, type LinkTab } from './Tabs';
export { Toaster } from './Toaster';
export { ToastHost } from './ToastHost';
export { useToast, useToasts } from './use-toasts';
export {
  toast,
  dismissToast,
  clearToasts,
  restorePersistedToasts,
  type ToastInput,
  type ToastVariant,
} from './toast-store';
export {
  TextField,
  Checkbox,
  SelectField,
  FieldError,
  inputClasses,
  type TextFieldProps,
  type CheckboxProps,
  type SelectFieldProps,
} from './TextField';
export { EmptyState, ErrorState, type EmptyStateProps, type ErrorStateProps } from './States';
export { ScrollArea, type ScrollAreaProps } from './ScrollArea';
export { focusRing } from './focus';
export { cn } from '../../lib/class-names';
