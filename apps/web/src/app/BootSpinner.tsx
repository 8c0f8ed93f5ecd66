import { PageSpinner } from '../components/ui/Spinner';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function BootSpinner() {
  return <PageSpinner />;
}
