import { Link } from 'react-router';
import { Trophy, UserX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses, Card, CardBody } from '../../../components/ui';
import type { PlayEnded } from '../state/play-slice';

export interface PlayEndedPanelProps {
  ended: PlayEnded;
  /** Where the result is: the match's page, else the player's games (the new game on top). */
  resultPath: string | null;
  onScanAgain: () => void;
}

/** The keys by reason, written out: a key built from the reason ('match_overHint') found none. */
const ENDED_TEXTS = {
  match_over: { title: 'play.live.matchOver', hint: 'play.live.matchOverHint' },
  removed: { title: 'play.live.removed', hint: 'play.live.removedHint' },
  expired: { title: 'play.live.expired', hint: 'play.live.expiredHint' },
} as const satisfies Record<PlayEnded['reason'], { title: string; hint: string }>;

/** The match is over (a link to the result), or the player is off the device (removed, expired). */
export function PlayEndedPanel({ ended, resultPath, onScanAgain }: PlayEndedPanelProps) {
  const { t } = useTranslation();
  const over = ended.reason === 'match_over';
  const texts = ENDED_TEXTS[ended.reason];
  const title = useRef<HTMLParagraphElement>(null);
  // The panel it replaces took the focus with it (on 'Stop Playing'): the title gets it, so a
  // keyboard or screen reader goes on from here, not from the top of the page.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      title.current?.focus();
  }, []);
  // Read out as it comes into the page's live region (PlayPage).
  return (
    <Card className="border-neon-pink/50">
      <CardBody className="flex flex-col items-center gap-4 text-center">
        {over ? (
          <Trophy aria-hidden="true" size={44} className="text-neon-pink" />
        ) : (
          <UserX aria-hidden="true" size={44} className="text-danger" />
        )}
        <p
          ref={title}
          tabIndex={-1}
          className="font-display text-2xl font-bold text-ink focus:outline-none"
        >
          {t(texts.title, { device: ended.device.id })}
        </p>
        <p className="max-w-prose text-ink-muted">{t(texts.hint)}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {over && resultPath && (
            <Link to={resultPath} className={buttonClasses('primary', 'lg')}>
              {t('play.live.toResult')}
            </Link>
          )}
          <Button variant="secondary" size="lg" onClick={onScanAgain}>
            {t('play.live.nextRound')}
          </Button>
        </div>
      </CardBody>
    </Card>
  );
}
