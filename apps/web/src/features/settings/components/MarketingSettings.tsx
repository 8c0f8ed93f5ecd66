import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { needsParentConsent, type OwnProfile } from '@arcadia/contracts';
import { Card, CardBody, CardTitle, Checkbox } from '../../../components/ui';
import { useUpdateOwnProfileMutation } from '../api/update-language';
import { ParentConsentForm } from './ParentConsent';

/** What the links of the marketing mail come back with (`/settings?marketing=…`). */
const RETURNS = ['confirmed', 'unsubscribed', 'invalid'] as const;
type Returned = (typeof RETURNS)[number];
const isReturned = (v: string | null): v is Returned => RETURNS.includes(v as Returned);

/**
 * Marketing mail (double opt-in): ticking sends a confirmation mail and the consent counts only
 * once its link is followed; unticking withdraws at once. Under 16 (by the birthday) ticking
 * asks for a parent's address first, and the card says while it waits for the parent.
 */
export function MarketingSettings({ profile: loaded }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [update, { data: answered, isLoading, isError }] = useUpdateOwnProfileMutation();
  // The change's answer is the newest state until the profile is loaded again.
  const profile = answered ?? loaded;
  const [params] = useSearchParams();
  const returned = params.get('marketing');
  const minor = needsParentConsent(profile.birthday);
  // A player under 16 ticked: the parent's address is asked before anything is sent.
  const [askingParent, setAskingParent] = useState(false);
  const checked =
    profile.marketingConsent ||
    profile.marketingPending ||
    profile.marketingAwaitsParent !== null ||
    askingParent;
  // The form gives way (sent, or cancelled): the focus it held goes back to the box that opened
  // it instead of falling to the page.
  const box = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLDivElement>(null);
  const closeParentForm = () => {
    const focus = document.activeElement;
    const held = !focus || focus === document.body || form.current?.contains(focus);
    setAskingParent(false);
    if (held) box.current?.focus();
  };
  const change = (tick: boolean) => {
    // Saving: the box keeps the focus (aria-disabled, not disabled, which drops it to the page).
    if (isLoading) return;
    if (tick && minor) return setAskingParent(true);
    setAskingParent(false);
    void update({ marketingConsent: tick });
  };
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden="true" size={22} className="text-neon-cyan" />
          {t('settings.marketingTitle')}
        </CardTitle>
        <Checkbox
          ref={box}
          name="marketingConsent"
          checked={checked}
          aria-disabled={isLoading || undefined}
          onChange={(e) => change(e.target.checked)}
          label={t('settings.marketingAccept')}
        />
        {askingParent && !profile.marketingConsent && (
          <div ref={form}>
            <ParentConsentForm
              ownMail={profile.mail}
              busy={isLoading}
              onCancel={closeParentForm}
              onSend={(parentMail) =>
                void update({ marketingConsent: true, parentMail }).then((result) => {
                  if ('data' in result) closeParentForm();
                })
              }
            />
          </div>
        )}
        {profile.marketingAwaitsParent !== null && !askingParent && (
          <p role="status" className="text-sm text-ink-muted">
            {t('settings.parentWaiting', { mail: profile.marketingAwaitsParent })}
          </p>
        )}
        {profile.marketingConsent && (
          <p role="status" className="text-sm text-ink">
            {t('settings.marketingOn')}
          </p>
        )}
        {profile.marketingConsent && !profile.mailVerified && (
          <p className="text-sm text-ink-muted">{t('settings.marketingUnverified')}</p>
        )}
        {profile.marketingPending && (
          <p role="status" className="text-sm text-ink-muted">
            {t('settings.marketingPending')}
          </p>
        )}
        {isReturned(returned) && (
          <p role="status" className="text-sm text-ink">
            {t(`settings.marketingReturned.${returned}`)}
          </p>
        )}
        {isError && (
          <p role="alert" className="text-sm text-danger">
            {t('settings.marketingFailed')}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
