import { useState } from 'react';
import { Check, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '../../../components/ui';

/**
 * Shares the page: the system's share sheet where the browser has one (Web Share API), else
 * copies the link and says so beside the button (a polite live region).
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
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
      toast({ title: t('match.copyFailed'), description: url, variant: 'error' });
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
    </div>
  );
}
