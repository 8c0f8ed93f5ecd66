import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, IdCard, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../lib/store/hooks';
import { Card, CardBody } from '../../components/ui';
import { useCurrentUser } from '../auth';
import { Scanner, userCardScannerConfig, type ScannerHandle } from '../scanner';
import { CardScanStatus, type CardScanState } from './components/CardScanStatus';
import { linkMessage } from './scan-messages';
import { linkScannedCard } from './state/link-card-thunk';

/**
 * `/login/link` (spec §2): the signed-in player scans the user card an arcade gave them; the
 * card's profile becomes theirs and they land on it.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { profile, isRegistered } = useCurrentUser();
  const scannerRef = useRef<ScannerHandle>(null);
  const [state, setState] = useState<CardScanState>({ phase: 'idle' });

  const onScan = useCallback(
    async (text: string) => {
      setState({ phase: 'busy', label: t('user-cards.link.checking') });
      const outcome = await dispatch(
        linkScannedCard(text, (user) =>
          setState({
            phase: 'busy',
            label: t('user-cards.link.linking', { name: user.userName }),
          }),
        ),
      );
      if (outcome.kind === 'linked') {
        setState({ phase: 'idle' });
        await navigate(`/profile/${encodeURIComponent(outcome.profile.id)}`, { replace: true });
        return;
      }
      // Anything else: the reason is shown and scanning goes on (the same card is not read
      // again unless the player asks, so a refused card does not loop).
      setState({ phase: 'error', message: linkMessage(outcome) });
    },
    [dispatch, navigate, t],
  );

  const scanAgain = () => {
    setState({ phase: 'idle' });
    scannerRef.current?.forgetLastMatch();
  };

  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardBody className="flex flex-col gap-4">
        <header className="flex flex-col gap-2">
          <h1 className="flex items-center gap-2 font-display text-2xl font-bold text-ink neon-text">
            <IdCard aria-hidden="true" className="text-neon-cyan" />
            {t('user-cards.link.title')}
          </h1>
          <p className="text-ink-muted">{t('user-cards.link.intro')}</p>
        </header>
        {isRegistered && profile ? (
          // A registered player has nothing to link (a card only joins a sign-in without a
          // profile): no scanner, the way to the own profile instead.
          <p className="flex flex-wrap items-center gap-2 rounded-xl border border-neon-yellow/50 bg-neon-yellow/5 px-4 py-3 text-ink">
            {t('user-cards.link.alreadyRegistered')}
            <Link
              to={`/profile/${encodeURIComponent(profile.id)}`}
              className="inline-flex items-center gap-1 font-semibold underline underline-offset-4"
            >
              <UserRound aria-hidden="true" size={16} />
              {t('user-cards.link.toProfile')}
            </Link>
          </p>
        ) : (
          <>
            <Scanner
              ref={scannerRef}
              config={userCardScannerConfig}
              onScan={onScan}
              className="self-center"
            />
            <CardScanStatus state={state} onScanAgain={scanAgain} />
            <Link
              to="/login/registration"
              className="inline-flex items-center gap-2 self-start font-semibold underline underline-offset-4"
            >
              <ArrowLeft aria-hidden="true" size={18} />
              {t('user-cards.link.back')}
            </Link>
          </>
        )}
      </CardBody>
    </Card>
  );
}
