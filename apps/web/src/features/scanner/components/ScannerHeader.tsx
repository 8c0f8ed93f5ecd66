import { CircleCheck, Info, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Header } from '../state-machine';

const tone = {
  default: 'border-line bg-night-800/70 text-ink',
  success: 'border-neon-green/60 bg-neon-green/10 text-ink',
  warning: 'border-neon-yellow/70 bg-neon-yellow/10 text-ink',
  requesting_permission: 'border-neon-cyan/60 bg-neon-cyan/10 text-ink',
} as const;

/** The header message line: status default, success, warning or requesting permission. */
export function ScannerHeader({ header }: { header: Header }) {
  const { t } = useTranslation();
  const { status, message } = header;
  const text = message
    ? t(`scanner.messages.${message.key}`, {
        error: message.params?.errorKey
          ? t(`scanner.messages.${message.params.errorKey}`)
          : (message.params?.error ?? ''),
      })
    : '';
  const Icon =
    status === 'success'
      ? CircleCheck
      : status === 'warning'
        ? TriangleAlert
        : status === 'requesting_permission'
          ? LoaderCircle
          : Info;
  return (
    <div
      role="status"
      aria-live={status === 'warning' ? 'assertive' : 'polite'}
      data-status={status}
      className={`flex min-h-11 items-center gap-2 rounded-xl border px-3 py-2 text-sm ${tone[status]} ${text ? '' : 'invisible'}`}
    >
      {text && (
        <Icon
          aria-hidden="true"
          className={`size-4 shrink-0 ${status === 'requesting_permission' ? 'animate-spin' : ''}`}
        />
      )}
      <span>{text}</span>
    </div>
  );
}
