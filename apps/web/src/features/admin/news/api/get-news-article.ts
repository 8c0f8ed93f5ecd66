import { adminNewsArticleSchema, type AdminNewsArticle } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

/** GET /api/admin/news/{id} (admins): one article with both languages as Markdown. */
export const getNewsArticleApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getNewsArticle: build.query<AdminNewsArticle, string>({
      query: (id) => `api/admin/news/${encodeURIComponent(id)}`,
      responseSchema: adminNewsArticleSchema,
      providesTags: (_result, _error, id) => [{ type: 'AdminNews', id }],
    }),
  }),
});

export const { useGetNewsArticleQuery } = getNewsArticleApi;

/**
 * A mutation's answer (the article as saved, published or taken down) as the editor's article at
 * once, if the editor holds it: its badge and buttons then never show the state from before
 * while the refetch that the mutation's tags start is on its way.
 */
export async function holdAnswer(
  dispatch: (action: ReturnType<typeof getNewsArticleApi.util.updateQueryData>) => unknown,
  answered: Promise<{ data: AdminNewsArticle }>,
) {
  const answer = await answered.catch(() => null);
  if (answer)
    dispatch(
      getNewsArticleApi.util.updateQueryData('getNewsArticle', answer.data.id, () => answer.data),
    );
}
