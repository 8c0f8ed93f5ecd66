import type { FastifyInstance, FastifyRequest } from 'fastify';
import mercurius, { type MercuriusContext } from 'mercurius';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { uuidSchema } from '@arcadia/contracts';
import type { AuthContext } from '../../plugins/auth';
import { AppError, unauthorized } from '../../plugins/errors';
import { currentUser, visibleProfileFor } from '../users';
import { noIntrospectionRule, queryCostRule } from './query-cost';
import { playerStatistics } from './service';

const MAX_QUERY_DEPTH = 5;
/**
 * Tokens graphql-js parses at most. The depth and cost rules run on the parsed document, but the
 * parser recurses per nesting level: 5,000 levels of `{` overflowed its stack and answered the
 * engine's message ("Maximum call stack size exceeded"). The largest query within the cost limit
 * is a few hundred tokens.
 */
const MAX_QUERY_TOKENS = 2_000;

const schema = /* GraphQL */ `
  "A UUID such as a player id."
  scalar UUID

  "One statistic of a player in one game (application)."
  type Statistic {
    name: String!
    value: String!
    applicationId: String!
  }

  type Query {
    """
    The statistics of a player per game: gamesPlayed, gamesWon, gamesLost, winrate, kills,
    deaths, kd, scoreTotal, averageScore, bestScore, favouriteMap, favouriteMode.
    Without playerId: the signed-in player's own (empty without a token).
    """
    statistics(playerId: UUID): [Statistic!]!
  }
`;

function parseUuid(value: unknown): string {
  const parsed = uuidSchema.safeParse(value);
  if (!parsed.success) throw new GraphQLError('UUID must be a UUID string');
  return parsed.data;
}

const UUID = new GraphQLScalarType({
  name: 'UUID',
  serialize: parseUuid,
  parseValue: parseUuid,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('UUID must be a string');
    return parseUuid(ast.value);
  },
});

declare module 'mercurius' {
  interface MercuriusContext {
    auth: AuthContext | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme name is case-insensitive (RFC 7235 §2.1), as on every REST route.
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * POST /graphql (mercurius). Works without a token (spec §6); a token, when sent, must be
 * valid. Depth and cost of every query are limited; introspection only in development.
 */
export async function graphqlRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  // The app compiles zod route schemas; mercurius brings JSON schemas and checks its own input.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Its JSON schemas go into the OpenAPI document as they are (the zod transform would choke).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, swaggerTransform: false };
  });
  const authOf = new WeakMap<FastifyRequest, AuthContext | null>();
  app.addHook('onRequest', async (request) => {
    // Every route of this scope is mercurius's /graphql (however the path was encoded).
    if (request.routeOptions.url !== '/graphql') return;
    const token = bearer(request);
    authOf.set(request, token ? await app.verifyToken(token) : null);
  });
  // mercurius's own body checks are off with the validator above: a POST whose query is not a
  // string reached graphql-js and came back with its internal message.
  // A GET's parameters are strings, but a repeated one arrives as an array: the same check.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== '/graphql') return;
    if (request.method !== 'POST' && request.method !== 'GET') return;
    const get = request.method === 'GET';
    const body = (get ? request.query : request.body) as Record<string, unknown> | null | undefined;
    const details = [];
    if (typeof body?.query !== 'string')
      details.push({ path: 'query', message: 'query must be a string' });
    if (
      body?.variables !== undefined &&
      body.variables !== null &&
      typeof body.variables !== (get ? 'string' : 'object')
    )
      details.push({
        path: 'variables',
        message: get ? 'variables must be one JSON object' : 'variables must be an object',
      });
    if (
      body?.operationName !== undefined &&
      body.operationName !== null &&
      typeof body.operationName !== 'string'
    )
      details.push({ path: 'operationName', message: 'operationName must be a string' });
    if (details.length > 0)
      throw new AppError(
        400,
        'validation_failed',
        `The GraphQL request is not valid: ${details.map((d) => d.message).join('; ')}`,
        details,
      );
  });
  await app.register(mercurius, {
    schema,
    resolvers: {
      UUID,
      Query: {
        statistics: async (
          _root: unknown,
          args: { playerId?: string | null },
          context: MercuriusContext,
        ) => {
          let playerId = args.playerId ?? null;
          if (playerId) {
            // Another player's statistics as their profile's visibility allows (docs/privacy.md).
            try {
              await visibleProfileFor(db, playerId, context.auth);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              // An unknown player has no statistics, as before.
              if (error.statusCode === 404) return [];
              throw new GraphQLError(error.message, { extensions: { code: error.code } });
            }
          }
          if (!playerId && context.auth) {
            try {
              playerId = (await currentUser(db, context.auth.sub)).id;
            } catch {
              playerId = null;
            }
          }
          return playerId ? playerStatistics(db, playerId) : [];
        },
      },
    },
    path: '/graphql',
    graphiql: false,
    ide: false,
    allowBatchedQueries: false,
    queryDepth: MAX_QUERY_DEPTH,
    graphql: { parseOptions: { maxTokens: MAX_QUERY_TOKENS } },
    // The schema is documented (spec §6, docs/api.md); outside development it is not handed to
    // whoever asks, so a probe learns nothing the documentation does not say.
    validationRules:
      app.config.env === 'development' ? [queryCostRule] : [queryCostRule, noIntrospectionRule],
    context: (request: FastifyRequest) => ({ auth: authOf.get(request) ?? null }),
  });
}
