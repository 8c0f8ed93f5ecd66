import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { loadNews } from './state/news-thunks';
import { selectNews } from './state/news-slice';

/** The news in the current language, loaded on first use and again when the language changes. */
export function useNews() {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation();
  const locale = i18n.language?.startsWith('en') ? 'en' : 'de';
  const news = useAppSelector(selectNews);
  useEffect(() => {
    void dispatch(loadNews(locale));
  }, [dispatch, locale]);
  const retry = useCallback(
    () => void dispatch(loadNews(locale, { force: true })),
    [dispatch, locale],
  );
  const settled = news.locale === locale && !news.loading;
  return { ...news, settled, retry };
}
