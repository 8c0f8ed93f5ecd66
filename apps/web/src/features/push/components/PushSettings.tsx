import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, BellRing, X } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { Card, CardBody, CardTitle, Spinner, cn, focusRing } from '../../../components/ui';
import { serviceWorkersSupported } from '../../../lib/pwa';
import { selectAuthStatus, selectProfileStatus } from '../../auth';
import { pushErrorDismissed, selectPush } from '../push-slice';
import { loadPushStatus, setPushEnabled, type PushPorts } from '../push-thunks';

export interface PushSettingsProps {
  /** The browser and server to use (tests); the real ones by default. */
  ports?: PushPorts;
}

/**
 * The settings page's notifications control: a switch that turns this device's push notifications
 * on and off. The browser's permission prompt appears only after the player's click on it.
 */
export function PushSettings({ ports }: PushSettingsProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, busy, error } = useAppSelector(selectPush);
  const authStatus = useAppSelector(selectAuthStatus);
  const profileStatus = useAppSelector(selectProfileStatus);
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    void dispatch(loadPushStatus(ports));
    // The ports are fixed for the control's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  const on = status === 'on';
  const signedOut = authStatus === 'signedOut' || authStatus === 'signingIn';
  const unregistered = authStatus === 'signedIn' && profileStatus === 'unregistered';
  const ready = authStatus === 'signedIn' && profileStatus !== 'unregistered';

  let hint: string | null = null;
  if (status === 'unsupported') {
    hint = serviceWorkersSupported() ? t('push.pushUnsupported') : t('push.errors.swUnsupported');
  } else if (status === 'denied') hint = t('push.blocked');
  else if (on) hint = t('push.enabled');
  else if (signedOut) hint = t('push.signInFirst');
  else if (unregistered) hint = t('push.registerFirst');

  // Turning off always works (also for a subscription left from before a sign-out). While a
  // change runs the switch is only aria-disabled: `disabled` would drop the focus to the page.
  const disabled =
    status === 'unknown' || status === 'unsupported' || status === 'denied' || (!on && !ready);
  const stateText = busy
    ? t(on ? 'push.turningOff' : 'push.turningOn')
    : t(on ? 'push.on' : 'push.off');

  return (
    <Card aria-labelledby={`${labelId}-title`} role="region">
      <CardBody className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          {on ? (
            <BellRing aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-neon-cyan" />
          ) : (
            <BellOff aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-ink-muted" />
          )}
          <div className="flex flex-col gap-1">
            <CardTitle id={`${labelId}-title`}>{t('push.title')}</CardTitle>
            <p className="text-sm text-ink-muted">{t('push.intro')}</p>
          </div>
        </div>

        <div className="flex items-center justify-between gap-4">
          <span id={labelId} className="font-medium text-ink">
            {t('push.switch')}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby={labelId}
            aria-describedby={hint ? hintId : undefined}
            aria-busy={busy || undefined}
            aria-disabled={busy || undefined}
            disabled={disabled}
            onClick={() => {
              if (!busy) void dispatch(setPushEnabled(!on, ports, i18n.language));
            }}
            className={cn(
              'group inline-flex min-h-11 items-center gap-3 rounded-full px-1 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
              focusRing,
            )}
          >
            <span className="text-sm text-ink-muted" aria-hidden="true">
              {stateText}
            </span>
            <span
              aria-hidden="true"
              className={cn(
                'relative inline-flex h-7 w-12 items-center rounded-full border transition',
                on
                  ? 'border-neon-cyan bg-neon-cyan/30 shadow-neon-cyan'
                  : 'border-line bg-night-700',
              )}
            >
              <span
                className={cn(
                  'absolute h-5 w-5 rounded-full transition-transform',
                  on ? 'translate-x-6 bg-neon-cyan' : 'translate-x-1 bg-ink-muted',
                )}
              />
            </span>
            {busy && <Spinner size="sm" label={stateText} />}
          </button>
        </div>

        {hint && (
          <p id={hintId} className="text-sm text-ink-muted">
            {hint}
          </p>
        )}

        {error && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-danger/60 bg-danger/10 p-3 text-sm text-ink"
          >
            <p className="flex-1">{t(`push.errors.${error}`)}</p>
            <button
              type="button"
              onClick={() => dispatch(pushErrorDismissed())}
              aria-label={t('push.dismiss')}
              className={cn('rounded-md p-1 text-ink-muted hover:text-ink', focusRing)}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
