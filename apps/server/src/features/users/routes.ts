import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agbAcceptSchema,
  apiErrorSchema,
  MARKETING_MAIL_LIMIT,
  MARKETING_MAILS_PER_RECIPIENT,
  okSchema,
  ownProfileSchema,
  profileUpdateSchema,
  profileSchema,
  registrationSchema,
  searchQuerySchema,
  searchResultSchema,
  userSummarySchema,
} from '@arcadia/contracts';
import { VacuumQueue } from '../../db/vacuum';
import { requireAuth } from '../../plugins/auth';
import { keyedAdmission } from '../../plugins/limits';
import { sendJsonText } from '../../plugins/json-text';
import { signInAddress } from '../identity';
import { matchImagesDir, removeShareImagesOf } from '../games';
import { marketingMailer } from '../marketing';
import { publicProfileJson, toOwnProfile, toSummary } from './presenter';
import { searchUsers } from './repository';
import { viewerOf } from './visibility';
import {
  acceptAgb,
  currentUser,
  deleteProfile,
  register,
  updateProfile,
  userById,
} from './service';

const idParams = z.object({ id: z.uuid({ message: 'id must be a user id' }).toLowerCase() });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const vacuum = new VacuumQueue(db, (table, error) =>
    app.log.warn({ err: error, table }, 'VACUUM after a deletion failed'),
  );
  app.addHook('onClose', () => vacuum.idle());
  const mailMarketing = marketingMailer(app);
  const shareImages = matchImagesDir(app.config);
  const marketingMails = app.limits.limiter('marketing-mail', {
    max: MARKETING_MAIL_LIMIT.max,
    windowMs: MARKETING_MAIL_LIMIT.windowMinutes * 60_000,
  });
  // The same counters: the settings' requests are refused past the limit, registration's counted.
  const admitMarketingMail = keyedAdmission(
    app.limits,
    'marketing-mail',
    MARKETING_MAIL_LIMIT,
    'marketing confirmation mails',
  );

  app.get('/v2/user/me', {
    schema: {
      tags: ['users'],
      summary: 'The own profile; 404 until registered',
      response: { 200: ownProfileSchema, ...errors },
    },
    handler: async (request) => toOwnProfile(db, await currentUser(db, requireAuth(request).sub)),
  });

  app.patch('/v2/user/me', {
    schema: {
      tags: ['users'],
      summary:
        'Change the own settings (language for notifications, marketing mails, visibility of the profile and on leaderboards)',
      description: `Ticking marketingConsent does not consent: it mails a confirmation link (double opt-in; under 16 by the birthday, to the parentMail given with it, which is then required), at most ${MARKETING_MAIL_LIMIT.max} per ${MARKETING_MAIL_LIMIT.windowMinutes} minutes with the registration's (then 429 with Retry-After), and one address receives at most ${MARKETING_MAILS_PER_RECIPIENT.max} in ${MARKETING_MAILS_PER_RECIPIENT.windowHours} hours whoever asks (beyond that none is sent; the request stays pending); unticking withdraws at once.`,
      body: profileUpdateSchema,
      response: { 200: ownProfileSchema, ...errors, 429: apiErrorSchema },
    },
    handler: async (request) => {
      const { sub, claims } = requireAuth(request);
      const signInMail =
        request.body.marketingConsent === true
          ? ((await signInAddress(db, sub, claims))?.email ?? null)
          : null;
      // Counted only for a valid request that mails (a bad one gets its 400 first); a refused
      // one undoes the whole change.
      const { user, marketingMail, visibilityChanged } = await updateProfile(
        db,
        sub,
        request.body,
        { signInMail, admit: () => admitMarketingMail(sub) },
      );
      await mailMarketing(user, marketingMail);
      // No share image keeps a name the player has just hidden (docs/privacy.md).
      if (visibilityChanged) await removeShareImagesOf(db, shareImages, user.id);
      return toOwnProfile(db, user);
    },
  });

  app.put('/v2/user/me/agb', {
    schema: {
      tags: ['users'],
      summary: 'Accept the current terms (AGB); the version and time are recorded',
      body: agbAcceptSchema,
      response: { 200: ownProfileSchema, ...errors },
    },
    handler: async (request) => toOwnProfile(db, await acceptAgb(db, requireAuth(request).sub)),
  });

  app.post('/v2/user/registration', {
    schema: {
      tags: ['users'],
      summary: 'Register a profile for the signed-in identity',
      body: registrationSchema,
      response: { 201: ownProfileSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { sub, claims } = requireAuth(request);
      // The embedded provider's account, or an external issuer's e-mail claim.
      const address = await signInAddress(db, sub, claims);
      const { user, marketingMail } = await register(
        db,
        sub,
        request.body,
        address?.verified ? address.email : null,
        address?.email ?? null,
      );
      // The registration's confirmation mail counts against the sign-in's limit too.
      if (marketingMail) await marketingMails.hit(sub);
      await mailMarketing(user, marketingMail);
      return reply.code(201).send(await toOwnProfile(db, user));
    },
  });

  app.get('/user/:id/details', {
    schema: {
      tags: ['users'],
      summary: 'A player profile',
      description:
        'As its visibility allows: 403 profile_private or profile_friends_only when the profile is hidden from the signed-in player (docs/privacy.md).',
      params: idParams,
      response: { 200: profileSchema, ...errors },
    },
    handler: async (request, reply) =>
      sendJsonText(
        reply,
        await publicProfileJson(db, request.params.id, request.auth?.sub ?? null),
      ),
  });

  app.get('/user/:id', {
    schema: {
      tags: ['users'],
      summary: 'The user a scanned card points at',
      params: idParams,
      response: { 200: userSummarySchema, ...errors },
    },
    handler: async (request) => toSummary(await userById(db, request.params.id)),
  });

  app.get('/user', {
    schema: {
      tags: ['users'],
      summary: 'Search players by user name',
      description:
        'Finds only the players whose profile the signed-in player may see (docs/privacy.md).',
      querystring: searchQuerySchema,
      response: { 200: searchResultSchema, ...errors },
    },
    handler: async (request) => ({
      data: await searchUsers(db, request.query.searchterm, await viewerOf(db, request.auth)),
    }),
  });

  app.delete('/v2/user/:id', {
    schema: {
      tags: ['users'],
      summary: 'Delete the own profile and its personal data',
      params: idParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const { sub } = requireAuth(request);
      const deleted = await deleteProfile(db, app.events, sub, request.params.id);
      // Committed. This process stops taking the account's tokens at once (the others when the
      // deletion's NOTIFY reaches them); reset mail in the outbox names the player: it goes too.
      app.forgetAccount(sub);
      await deleted
        .afterCommit()
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'clean-up after a deletion failed'),
        );
      // The deleted rows' bytes: VACUUM in the background, the answer does not wait for it.
      vacuum.request(deleted.vacuum);
      return { success: true as const };
    },
  });
};
