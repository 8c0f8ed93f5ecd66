import { useState } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogClose } from '../../../components/ui';

export interface ShownKey {
  deviceName: string;
  key: string;
  /** A new device, or a new key for one. */
  reason: 'created' | 'rotated';
}

/**
 * A device key, shown this once (the server keeps only its hash): with a copy button and a clear
 * note. Closing the dialog forgets the key.
 */
export function KeyDialog({
  shown,
  onClose,
  returnFocus,
}: {
  shown: ShownKey | null;
  onClose: () => void;
  /** Where the focus goes on "Fertig" (the dialog that opened this one is gone). */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog
      dismissible={false}
      open={shown !== null}
      {...(returnFocus ? { returnFocus } : {})}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(false);
        onClose();
      }}
      className="max-w-lg"
      title={t(
        shown?.reason === 'rotated' ? 'admin-devices.key.rotatedTitle' : 'admin-devices.key.title',
        { name: shown?.deviceName ?? '' },
      )}
      description={t('admin-devices.key.onlyOnce')}
      footer={
        <DialogClose>
          <Button>{t('admin-devices.key.done')}</Button>
        </DialogClose>
      }
    >
      <div className="mt-4 flex flex-col gap-3">
        <p className="flex items-center gap-2 rounded-xl border border-neon-yellow/60 bg-neon-yellow/10 p-3 text-sm font-semibold text-ink">
          <KeyRound aria-hidden="true" size={18} className="shrink-0 text-neon-yellow" />
          {t('admin-devices.key.warning')}
        </p>
        <label htmlFor="device-key" className="text-sm font-semibold text-ink">
          {t('admin-devices.key.label')}
        </label>
        <output
          id="device-key"
          className="block rounded-xl border border-neon-cyan/50 bg-night-950 p-3 font-mono text-sm break-all text-neon-cyan-soft select-all"
        >
          {shown?.key}
        </output>
        <Button variant="secondary" onClick={() => void copy()} className="self-start">
          {copied ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
          {copied ? t('admin-devices.key.copied') : t('admin-devices.key.copy')}
        </Button>
        <p aria-live="polite" className="sr-only">
          {copied ? t('admin-devices.key.copied') : ''}
        </p>
      </div>
    </Dialog>
  );
}
