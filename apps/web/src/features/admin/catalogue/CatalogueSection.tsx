import { useTranslation } from 'react-i18next';
import { ErrorState, PageSpinner, Tabs } from '../../../components/ui';
import { useGetCatalogueApplicationsQuery } from './api/get-applications';
import { useGetCatalogueMapsQuery } from './api/get-maps';
import { ApplicationsPanel } from './components/ApplicationsPanel';
import { MapsPanel } from './components/MapsPanel';

export interface CatalogueSectionProps {
  /** Admins edit; staff read (the server refuses their changes anyway). */
  canEdit: boolean;
}

/**
 * The console's "Katalog / Catalogue": the games, their modes and maps, with icons uploaded
 * through the assets route; retiring modes and maps (docs/console/catalogue.md).
 */
export function CatalogueSection({ canEdit }: CatalogueSectionProps) {
  const { t } = useTranslation();
  const applications = useGetCatalogueApplicationsQuery();
  const maps = useGetCatalogueMapsQuery();

  let body;
  if (applications.isLoading || maps.isLoading)
    body = <PageSpinner label={t('adminCatalogue.loading')} />;
  else if (!applications.data || !maps.data)
    body = (
      <ErrorState
        message={t('adminCatalogue.loadError')}
        retryLabel={t('adminCatalogue.retry')}
        onRetry={() => {
          void applications.refetch();
          void maps.refetch();
        }}
      />
    );
  else
    body = (
      <Tabs
        label={t('adminCatalogue.tabs.label')}
        items={[
          {
            value: 'applications',
            label: t('adminCatalogue.tabs.applications'),
            content: <ApplicationsPanel applications={applications.data} canEdit={canEdit} />,
          },
          {
            value: 'maps',
            label: t('adminCatalogue.tabs.maps'),
            content: (
              <MapsPanel maps={maps.data} applications={applications.data} canEdit={canEdit} />
            ),
          },
        ]}
      />
    );

  return (
    <section aria-labelledby="catalogue-title" className="space-y-4">
      <header>
        <h2 id="catalogue-title" className="font-display text-2xl font-bold">
          {t('adminCatalogue.title')}
        </h2>
        <p className="mt-1 text-ink-muted">{t('adminCatalogue.intro')}</p>
        {!canEdit && <p className="mt-1 text-sm text-ink-muted">{t('adminCatalogue.readOnly')}</p>}
      </header>
      {body}
    </section>
  );
}
