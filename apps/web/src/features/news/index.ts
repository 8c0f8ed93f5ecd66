export {
  newsSlice,
  initialNewsState,
  newsLoadBegin,
  newsLoadFinished,
  newsLoadFailed,
  selectNews,
  type NewsState,
} from './state/news-slice';
export { loadNews } from './state/news-thunks';
export { RichText } from './components/RichText';
export { ArticleView } from './components/ArticleView';
export { headerImageUrl } from './image-url';
