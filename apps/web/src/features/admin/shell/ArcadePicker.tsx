import { useTranslation } from 'react-i18next';
import type { AdminArcade } from '@arcadia/contracts';
import { SelectField } from '../../../components/ui';

/** The arcade the console works on (devices, games …); the choice lives in the URL. */
export function ArcadePicker({
  arcades,
  value,
  onChange,
}: {
  arcades: AdminArcade[];
  value: string | null;
  onChange: (arcadeId: string) => void;
}) {
  const { t } = useTranslation();
  if (arcades.length === 0) return null;
  return (
    <SelectField
      className="w-full sm:w-72"
      label={t('admin.arcadePicker')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      options={arcades.map((arcade) => ({
        value: arcade.id,
        label: arcade.retiredAt
          ? t('admin.retiredArcade', { name: arcade.name })
          : `${arcade.name}${arcade.city ? ` · ${arcade.city}` : ''}`,
      }))}
    />
  );
}
