import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { OwnProfile } from '@arcadia/contracts';
import { Card, CardBody, CardTitle, Checkbox } from '../../../components/ui';
import { useUpdateOwnProfileMutation } from '../api/update-language';

/** What the links of the marketing mail come back with (`/settings?marketing=…`). */
const RETURNS = ['confirmed', 'unsubscribed', 'invalid'] as const;
type Returned = (typeof RETURNS)[number];
const isReturned = (v: string | null): v is Returned => RETURNS.includes(v as Returned);

/**
 * Marketing mail (double opt-in): ticking sends a confirmation mail and the consent counts only
 * once its link is followed; unticking withdraws at once.
 */
export function MarketingSettings({ profile: loaded }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [update, { data: answered, isLoading, isError }] = useUpdateOwnProfileMutation();
  // The change's answer is the newest state until the profile is loaded again.
  const profile = answered ?? loaded;
  const [params] = useSearchParams();
  const returned = params.get('marketing');
  const checked = profile.marketingConsent || profile.marketingPending;
  return (
    <Card>
      <CardBody className="flex flex-col gap-3">
        <CardTitle className="flex items-center gap-2">
          <Mail aria-hidden="true" size={22} className="text-neon-cyan" />
          {t('settings.marketingTitle')}
        </CardTitle>
        <Checkbox
          name="marketingConsent"
          checked={checked}
          disabled={isLoading}
          onChange={(e) => void update({ marketingConsent: e.target.checked })}
          label={t('settings.marketingAccept')}
        />
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
