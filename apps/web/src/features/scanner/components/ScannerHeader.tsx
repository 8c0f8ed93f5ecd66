import { CircleCheck, Info, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Header } from '../state-machine';

const tone = {
  default: 'border-slate-700 bg-slate-900/70 text-slate-200',
  success: 'border-emerald-400/60 bg-emerald-950/60 text-emerald-200',
  warning: 'border-amber-400/70 bg-amber-950/60 text-amber-200',
  requesting_permission: 'border-cyan-400/60 bg-cyan-950/60 text-cyan-200',
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
      className={`flex min-h-11 items-center gap-2 rounded-lg border px-3 py-2 text-sm ${tone[status]} ${text ? '' : 'invisible'}`}
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
