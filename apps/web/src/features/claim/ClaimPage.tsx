import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Crosshair, Gamepad2, MapPin, Skull, Star, Store } from 'lucide-react';
import { CLAIM_TOKEN_PATTERN, matchPagePath, type ClaimPreview } from '@arcadia/contracts';
import { VENUE_TIME_ZONE } from '@arcadia/contracts/limits';
import {
  Button,
  Card,
  ErrorState,
  PageSpinner,
  buttonClasses,
  useToast,
} from '../../components/ui';
import { toFailure, type ApiFailure } from '../../lib/api/failure';
import { formatDecimal } from '../../lib/number-format';
import { claimApi } from './api/claim';

type Lang = 'de' | 'en';
type Translate = ReturnType<typeof useTranslation>['t'];

const KNOWN = new Set([
  'claim_not_found',
  'claim_expired',
  'claim_used',
  'claim_game_voided',
  'claim_already_in_game',
  'rate_limited',
]);

/** The message for a refused claim code; null for a failure worth retrying. */
function refusalMessage(failure: ApiFailure, t: Translate): string | null {
  if (failure.code && KNOWN.has(failure.code)) return t(`claim.errors.${failure.code}`);
  if (failure.status === 400) return t('claim.errors.invalid');
  return null;
}

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs uppercase tracking-wider text-ink-muted">
        <span aria-hidden="true" className="text-neon-cyan">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="pl-6 font-semibold text-ink">{value}</dd>
    </div>
  );
}

function Result({ claim, lang, t }: { claim: ClaimPreview; lang: Lang; t: Translate }) {
  const when = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    // The venue's clock, as the match page tells the game's time (the code's end beside it).
    timeZone: VENUE_TIME_ZONE,
  });
  return (
    <Card className="flex flex-col gap-4 p-4">
      <dl className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2">
        <Fact icon={<Store size={18} />} label={t('claim.arcade')} value={claim.arcade.name} />
        <Fact
          icon={<Gamepad2 size={18} />}
          label={t('claim.mode')}
          value={`${claim.application.name} · ${claim.modeName[lang]}`}
        />
        <Fact icon={<MapPin size={18} />} label={t('claim.map')} value={claim.map.name} />
        <Fact
          icon={<CalendarClock size={18} />}
          label={t('claim.playedAt')}
          value={when.format(new Date(claim.playedAt))}
        />
      </dl>
      <div className="rounded-xl border border-neon-pink/40 p-3">
        <p className="mb-2 font-display text-lg font-bold">
          {claim.guest.name}{' '}
          {!claim.claimed && <span className="text-sm text-ink-muted">({t('claim.guest')})</span>}
          {claim.guest.won && (
            <span className="ml-2 text-sm text-neon-green">{t('claim.won')}</span>
          )}
        </p>
        <dl className="grid grid-cols-3 gap-2 text-center">
          {[
            { key: 'score', icon: <Star size={16} />, value: claim.guest.score },
            { key: 'kills', icon: <Crosshair size={16} />, value: claim.guest.kills },
            { key: 'deaths', icon: <Skull size={16} />, value: claim.guest.deaths },
          ].map((stat) => (
            <div key={stat.key}>
              <dt className="flex items-center justify-center gap-1 text-xs uppercase tracking-wider text-ink-muted">
                <span aria-hidden="true">{stat.icon}</span>
                {t(`claim.${stat.key}`)}
              </dt>
              <dd className="font-display text-2xl font-bold tabular-nums text-neon-yellow">
                {formatDecimal(stat.value, lang)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {!claim.claimed && (
        <p className="text-sm text-ink-muted">
          {t('claim.validUntil', { time: when.format(new Date(claim.expiresAt)) })}
        </p>
      )}
    </Card>
  );
}

/**
 * `/claim/{token}` (signed in and registered): the guest's result a device's claim QR gives,
 * with a button to take it; then the match page. A result that is the player's already (their
 * own code opened again, or one an operator assigned them) says so under a heading of its own
 * and links the match. Refusals (used, expired, voided, already
 * in the game, unknown code) are said in words.
 */
export function Component() {
  const { token = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language?.startsWith('en') ? 'en' : 'de';
  const navigate = useNavigate();
  const { toast } = useToast();
  const valid = CLAIM_TOKEN_PATTERN.test(token);
  const preview = claimApi.useGetClaimQuery(token, { skip: !valid });
  const [claim, claiming] = claimApi.useClaimResultMutation();
  const [refused, setRefused] = useState<string | null>(null);

  // A result that is the player's already (their own code again, or an operator gave it to
  // them) is not a guest's to take: its own heading, no invitation to claim.
  const yours = valid && !preview.isError && preview.data?.claimed === true;
  const header = (
    <header className="flex flex-col gap-2">
      <h1 className="font-display text-3xl font-bold text-ink neon-text">
        {t(yours ? 'claim.yoursTitle' : 'claim.title')}
      </h1>
      {!yours && <p className="text-ink-muted">{t('claim.intro')}</p>}
    </header>
  );
  const back = (
    <Link to="/play" className={buttonClasses('secondary')}>
      {t('claim.toPlay')}
    </Link>
  );

  let body: React.ReactNode;
  if (!valid) {
    body = (
      <>
        <ErrorState title={t('claim.errorTitle')} message={t('claim.errors.invalid')} />
        {back}
      </>
    );
  } else if (preview.isLoading) {
    body = <PageSpinner label={t('claim.loading')} />;
  } else if (preview.isError || !preview.data) {
    const message = refusalMessage(toFailure(preview.error), t);
    body = (
      <>
        <ErrorState
          title={t('claim.errorTitle')}
          message={message ?? t('claim.errors.unknown')}
          onRetry={message ? undefined : () => void preview.refetch()}
        />
        {back}
      </>
    );
  } else if (yours) {
    body = (
      <>
        <Result claim={preview.data} lang={lang} t={t} />
        <p
          role="status"
          className="rounded-xl border border-neon-green/50 bg-neon-green/5 px-4 py-3 text-ink"
        >
          {t('claim.yours')}
        </p>
        <Link to={matchPagePath(preview.data.gameId)} className={buttonClasses('primary')}>
          {t('claim.toMatch')}
        </Link>
      </>
    );
  } else {
    const onConfirm = async () => {
      setRefused(null);
      const outcome = await claim(token);
      if ('data' in outcome && outcome.data) {
        toast({ title: t('claim.claimed'), variant: 'success' });
        void navigate(matchPagePath(outcome.data.gameId));
        return;
      }
      const failure = toFailure('error' in outcome ? outcome.error : undefined);
      setRefused(refusalMessage(failure, t) ?? t('claim.errors.unknown'));
    };
    body = (
      <>
        <Result claim={preview.data} lang={lang} t={t} />
        {refused && (
          <p
            role="alert"
            className="rounded-xl border border-danger/50 bg-danger/5 px-4 py-3 text-ink"
          >
            {refused}
          </p>
        )}
        {/* Busy, not disabled, while claiming: the focus stays, also when the claim is refused
            and the button stays. */}
        <Button busy={claiming.isLoading} onClick={() => void onConfirm()}>
          {claiming.isLoading ? t('claim.claiming') : t('claim.confirm')}
        </Button>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5">
      {header}
      {body}
    </div>
  );
}
