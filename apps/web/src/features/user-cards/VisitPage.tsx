import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Handshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Visit } from '@arcadia/contracts';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { toast } from '../../components/ui';
import { addFriend, selectAddingFriendId } from '../friends';
import { Scanner, userCardScannerConfig, type ScannerHandle } from '../scanner';
import { useGetVisitsQuery } from './api/get-visits';
import { CardScanStatus, type CardScanState } from './components/CardScanStatus';
import { RecentVisits } from './components/RecentVisits';
import { meetMessage } from './scan-messages';
import { meetScannedPlayer } from './state/visit-thunk';

/**
 * `/visit` (spec §2, signed in and registered): scan another player's card at the venue. The
 * meeting is recorded and their profile opens (with 'Add Friend'); below, the players met lately.
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const scannerRef = useRef<ScannerHandle>(null);
  const [state, setState] = useState<CardScanState>({ phase: 'idle' });
  const visits = useGetVisitsQuery();
  const addingId = useAppSelector(selectAddingFriendId);

  const onScan = useCallback(
    async (text: string) => {
      setState({ phase: 'busy', label: t('user-cards.visit.saving') });
      const outcome = await dispatch(meetScannedPlayer(text));
      if (outcome.kind === 'met') {
        setState({ phase: 'idle' });
        toast({
          variant: 'success',
          title: t('user-cards.visit.met', { name: outcome.visit.userName }),
        });
        await navigate(`/profile/${encodeURIComponent(outcome.visit.userId)}`);
        return;
      }
      setState({ phase: 'error', message: meetMessage(outcome) });
    },
    [dispatch, navigate, t],
  );

  const scanAgain = () => {
    setState({ phase: 'idle' });
    scannerRef.current?.forgetLastMatch();
  };

  const onAddFriend = async (visit: Visit) => {
    const outcome = await dispatch(addFriend(visit.userId));
    // 409: already a friend after all; the list reloads and shows it.
    if (outcome.ok) toast({ variant: 'success', title: t('user-cards.visit.friendAdded') });
    else if (outcome.error.status !== 409)
      toast({
        variant: 'error',
        title: t('user-cards.visit.addFriendFailed', { name: visit.userName }),
      });
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 font-display text-3xl font-bold text-ink neon-text">
          <Handshake aria-hidden="true" className="text-neon-pink" />
          {t('user-cards.visit.title')}
        </h1>
        <p className="text-ink-muted">{t('user-cards.visit.intro')}</p>
      </header>
      <Scanner ref={scannerRef} config={userCardScannerConfig} onScan={onScan} />
      <CardScanStatus state={state} onScanAgain={scanAgain} />
      <RecentVisits
        visits={visits.data?.visits}
        loading={visits.isFetching}
        failed={visits.isError}
        onRetry={() => void visits.refetch()}
        addingId={addingId}
        onAddFriend={(visit) => void onAddFriend(visit)}
      />
    </div>
  );
}
