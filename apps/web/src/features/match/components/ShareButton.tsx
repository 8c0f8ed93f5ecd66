import { useEffect, useRef, useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '../../../components/ui';

/**
 * Shares the page: the system's share sheet where the browser has one (Web Share API), else
 * copies the link and says so beside the button (a polite live region); where the clipboard is
 * refused too, the link is shown selected in a field to copy by hand (no error: the player can
 * still share it).
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [byHand, setByHand] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!byHand) return;
    field.current?.focus();
    field.current?.select();
  }, [byHand]);
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url, title, text });
      } catch (error) {
        // Closing the share sheet is no failure.
        if ((error as Error).name !== 'AbortError')
          toast({ title: t('match.shareFailed'), variant: 'error' });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setByHand(true);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={() => void share()}>
        <Share2 aria-hidden="true" size={18} />
        {t('match.share')}
      </Button>
      <span role="status" className="inline-flex items-center gap-1 text-sm text-neon-green">
        {copied && (
          <>
            <Check aria-hidden="true" size={16} />
            {t('match.copied')}
          </>
        )}
      </span>
      {byHand && (
        <label className="flex w-full flex-col gap-1 text-sm text-ink-muted">
          {t('match.copyByHand')}
          <input
            ref={field}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="w-full min-w-0 rounded-lg border border-line bg-night-950 px-3 py-2 font-mono text-sm text-ink"
          />
        </label>
      )}
    </div>
  );
}
