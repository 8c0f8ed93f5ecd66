import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addFriendV1Schema,
  addFriendV2Schema,
  apiErrorSchema,
  FRIEND_ADD_LIMIT,
  friendComparisonSchema,
  friendParamsSchema,
  friendsResponseSchema,
  okSchema,
} from '@arcadia/contracts';
import { requireAuth } from '../../plugins/auth';
import { keyedAdmission } from '../../plugins/limits';
import { addFriend, compareWithFriend, friendsOf, ownFriends, removeFriend } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const listSchema = { tags: ['friends'], response: { 200: friendsResponseSchema, ...errors } };
const addedSchema = {
  201: okSchema.extend({
    friend: z.object({ userId: z.uuid().toLowerCase(), userName: z.string() }),
  }),
  ...errors,
  429: apiErrorSchema,
};
// A uuid, or the literal `id`/`me` the second client sends.
const ownerParams = z.object({
  id: z.union([z.uuid().toLowerCase(), z.literal('id'), z.literal('me')], {
    message: 'id must be a user id',
  }),
});

export const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, events } = app;
  // Each added player is notified: one player may not add the whole board in a loop.
  const admitAdd = keyedAdmission(app.limits, 'friend-add', FRIEND_ADD_LIMIT, 'friends added');

  for (const url of ['/user/me/friends', '/v2/user/me/friends']) {
    app.get(url, {
      schema: { ...listSchema, summary: 'The own friend list' },
      handler: async (request) => ({ friends: await ownFriends(db, requireAuth(request).sub) }),
    });
  }

  for (const url of ['/user/:id/friends', '/v2/user/:id/friends']) {
    app.get(url, {
      schema: {
        ...listSchema,
        summary: 'A friend list (only ever one\u2019s own)',
        params: ownerParams,
      },
      handler: async (request) => ({
        friends: await friendsOf(db, requireAuth(request).sub, request.params.id),
      }),
    });
  }

  app.post('/user/me/friends', {
    schema: {
      tags: ['friends'],
      summary: 'Add a friend',
      description: `At most ${FRIEND_ADD_LIMIT.max} a player per ${FRIEND_ADD_LIMIT.windowMinutes} minutes (then 429 with Retry-After): each added player is notified.`,
      body: addFriendV1Schema,
      response: addedSchema,
    },
    handler: async (request, reply) => {
      const { sub } = requireAuth(request);
      await admitAdd(sub);
      const friend = await addFriend(db, events, sub, request.body.friendId, 'friendId');
      return reply.code(201).send({ success: true as const, friend });
    },
  });

  app.post('/v2/user/me/friends', {
    schema: {
      tags: ['friends'],
      summary: 'Add a friend (second client)',
      body: addFriendV2Schema,
      response: addedSchema,
    },
    handler: async (request, reply) => {
      const { sub } = requireAuth(request);
      await admitAdd(sub);
      const friend = await addFriend(db, events, sub, request.body.friendToAddId, 'friendToAddId');
      return reply.code(201).send({ success: true as const, friend });
    },
  });

  app.delete('/user/me/friends/:friendId', {
    schema: {
      tags: ['friends'],
      summary: 'Remove a friend from the own list',
      params: friendParamsSchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await removeFriend(db, requireAuth(request).sub, request.params.friendId);
      return { success: true as const };
    },
  });

  app.get('/user/me/friends/:friendId/compare', {
    schema: {
      tags: ['friends'],
      summary: 'Head-to-head record with a friend and the games both played',
      params: friendParamsSchema,
      response: { 200: friendComparisonSchema, ...errors },
    },
    handler: async (request) =>
      compareWithFriend(db, requireAuth(request).sub, request.params.friendId),
  });
};
