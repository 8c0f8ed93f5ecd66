import { describe, expect, it } from 'vitest';
import { newsImageUrl } from '@arcadia/contracts';
import { makeStore } from '../../lib/store/store';
import { apiCalls, brokenContract, handlers, server } from '../../testing/api';
import { newsEntry as newsItem } from '../../testing/factories';
import { headerImageUrl } from './image-url';
import {
  initialNewsState,
  newsLoadBegin,
  newsLoadFailed,
  newsLoadFinished,
  newsSlice,
  selectNews,
} from './state/news-slice';
import { loadNews } from './state/news-thunks';

const reduce = newsSlice.reducer;

describe('news slice (spec §4: begin, finished, failed)', () => {
  it('starts empty and not loading', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual(initialNewsState);
  });

  it('begin sets loading; finished stores the collection and ends loading', () => {
    let state = reduce(initialNewsState, newsLoadBegin('de'));
    expect(state).toMatchObject({ loading: true, locale: 'de', error: null });
    state = reduce(state, newsLoadFinished({ locale: 'de', items: [newsItem('a')] }));
    expect(state.loading).toBe(false);
    expect(state.items.map((i) => i.fields.slug)).toEqual(['a']);
  });

  it('failed ends loading and records the error', () => {
    const state = reduce(reduce(initialNewsState, newsLoadBegin('de')), newsLoadFailed('boom'));
    expect(state).toMatchObject({ loading: false, error: 'boom' });
  });

  it('another language empties the collection; a late answer for the old one is dropped', () => {
    let state = reduce(initialNewsState, newsLoadBegin('de'));
    state = reduce(state, newsLoadFinished({ locale: 'de', items: [newsItem('a')] }));
    state = reduce(state, newsLoadBegin('en'));
    expect(state.items).toEqual([]);
    state = reduce(state, newsLoadFinished({ locale: 'de', items: [newsItem('late')] }));
    expect(state).toMatchObject({ items: [], loading: true, locale: 'en' });
  });
});

describe('loadNews', () => {
  it('GET /api/news?locale=… and stores the items in order', async () => {
    server.use(
      handlers.getNews({ body: { total: 2, items: [newsItem('eins'), newsItem('zwei')] } }),
    );
    const store = makeStore();
    await store.dispatch(loadNews('en'));
    expect(apiCalls.map((c) => c.path)).toEqual(['/api/news?locale=en']);
    expect(selectNews(store.getState()).items.map((i) => i.fields.slug)).toEqual(['eins', 'zwei']);
    // loaded already: no second request
    await store.dispatch(loadNews('en'));
    expect(apiCalls).toHaveLength(1);
  });

  it('a failed request ends loading with an error; retry asks again', async () => {
    let status = 503;
    // A 503 from a proxy, without the API's error body.
    server.use(
      handlers.getNews(() =>
        status === 200
          ? { body: { total: 0, items: [] } }
          : brokenContract({ total: 0, items: [] }, status),
      ),
    );
    const store = makeStore();
    await store.dispatch(loadNews('de'));
    expect(selectNews(store.getState())).toMatchObject({ loading: false, items: [] });
    expect(selectNews(store.getState()).error).toMatch(/503/);
    status = 200;
    await store.dispatch(loadNews('de', { force: true }));
    expect(selectNews(store.getState())).toMatchObject({ loading: false, error: null });
  });

  it('an answer that breaks the contract is a failure, not news', async () => {
    server.use(handlers.getNews(brokenContract({ items: [{ fields: {} }] })));
    const store = makeStore();
    await store.dispatch(loadNews('de'));
    expect(selectNews(store.getState())).toMatchObject({ loading: false, items: [] });
    expect(selectNews(store.getState()).error).not.toBeNull();
  });
});

describe('headerImageUrl', () => {
  it('is the contract’s image request: jpg, progressive, quality 50, width 1000', () => {
    const url = '/api/assets/0b0f6a44-8f5e-4f52-9b8a-3c2f1e0d4a11/x.jpg';
    expect(headerImageUrl(url)).toBe(newsImageUrl(url));
    expect(headerImageUrl(url)).toBe(`${url}?fm=jpg&fl=progressive&q=50&w=1000`);
  });
});
