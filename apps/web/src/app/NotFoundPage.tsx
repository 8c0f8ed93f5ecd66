import { Link, useLocation } from 'react-router';
import { Home } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../components/ui/Button';

/** Any unknown route: a real page, with the way back home. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-center gap-5 py-12 text-center">
      <p
        aria-hidden="true"
        className="neon-text-pink font-display text-7xl font-black tracking-widest text-neon-pink-soft sm:text-8xl"
      >
        404
      </p>
      <h1 className="font-display text-3xl font-bold uppercase tracking-wider text-ink">
        {t('app.notFound.title')}
      </h1>
      <p className="max-w-md text-ink-muted">{t('app.notFound.message', { path: pathname })}</p>
      <Link to="/home" className={buttonClasses('primary', 'lg')}>
        <Home aria-hidden="true" size={20} />
        {t('app.notFound.home')}
      </Link>
    </div>
  );
}
