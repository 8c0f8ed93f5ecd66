import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../components/ui/States';

/** What a route shows when its page failed to load or threw: retry reloads the page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-lg py-10">
      <ErrorState
        title={notFound ? t('app.notFound.title') : undefined}
        message={notFound ? t('app.notFound.home') : t('app.routeError')}
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}
