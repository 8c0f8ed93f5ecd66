import { adminMapSchema, type AdminMap, type MapUpdate } from '@arcadia/contracts';
import { adminApi } from '../../shell/admin-api';

export interface MapChange {
  map: Pick<AdminMap, 'id' | 'applicationId'>;
  /** The fields to change, or `retire` / `unretire`. */
  change: MapUpdate | 'retire' | 'unretire';
}

/** PATCH /api/admin/maps/{mapId}, or POST …/retire | …/unretire (admins). */
export const updateMapApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    updateCatalogueMap: build.mutation<AdminMap, MapChange>({
      query: ({ map, change }) => {
        const url = `api/admin/maps/${encodeURIComponent(map.id)}`;
        return typeof change === 'string'
          ? { url: `${url}/${change}`, method: 'POST' }
          : { url, method: 'PATCH', body: change };
      },
      responseSchema: adminMapSchema,
      invalidatesTags: (_r, _e, { map }) => [
        'AdminAudit',
        { type: 'AdminCatalogue', id: 'maps' },
        { type: 'Games', id: map.applicationId },
      ],
    }),
  }),
});
export const { useUpdateCatalogueMapMutation } = updateMapApi;
