import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import {
  addArcade,
  addDevice,
  addPlayer,
  reportPlayed,
  report,
  type TestPlayer,
} from '../../../test/support/arcade';

const QUERY = `query Statistics($playerId: UUID) {
  statistics(playerId: $playerId) { name value applicationId }
}`;

describe('POST /graphql statistics', () => {
  let t: TestApp;
  let anna: TestPlayer;
  let ben: TestPlayer;

  const gql = (body: unknown, token?: string) => t.request('POST', '/graphql', { body, token });
  const asMap = (entries: Array<{ name: string; value: string }>) =>
    Object.fromEntries(entries.map((e) => [e.name, e.value]));

  beforeAll(async () => {
    t = await createTestApp();
    await addArcade(t, 'neon-city');
    const device = await addDevice(t, 'neon-city', 'arena-1');
    anna = await addPlayer(t, 'Anna');
    ben = await addPlayer(t, 'Ben');
    // Anna: 3 games, 2 won, kills 4+6+1 = 11, deaths 2+2+4 = 8, score 300+500+100 = 900.
    const games = [
      { map: 'neon-docks', anna: [300, 4, 2], ben: [100, 1, 4] },
      { map: 'neon-docks', anna: [500, 6, 2], ben: [200, 2, 6] },
      { map: 'skyline', anna: [100, 1, 4], ben: [400, 4, 1] },
    ];
    for (const g of games) {
      const res = await reportPlayed(
        t,
        device,
        report({
          type: 'freeforall',
          mapId: g.map,
          teams: [],
          players: [
            { userId: anna.id, score: g.anna[0]!, kills: g.anna[1]!, deaths: g.anna[2]! },
            { userId: ben.id, score: g.ben[0]!, kills: g.ben[1]!, deaths: g.ben[2]! },
          ],
        }),
      );
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('answers a player’s statistics without a token', async () => {
    const res = await gql({
      operationName: 'Statistics',
      query: QUERY,
      variables: { playerId: anna.id },
    });
    expect(res.status).toBe(200);
    const entries = res.body.data.statistics;
    expect(entries.every((e: { applicationId: string }) => e.applicationId === 'commando')).toBe(
      true,
    );
    expect(asMap(entries)).toEqual({
      gamesPlayed: '3',
      gamesWon: '2',
      gamesLost: '1',
      winrate: '66.7',
      kills: '11',
      deaths: '8',
      kd: '1.38',
      scoreTotal: '900',
      averageScore: '300',
      bestScore: '500',
      favouriteMap: 'Neon Docks',
      favouriteMode: 'freeforall',
    });
  });

  it('answers with a token too, and the own statistics without playerId', async () => {
    const withToken = await gql({ query: QUERY, variables: { playerId: ben.id } }, ben.token);
    expect(asMap(withToken.body.data.statistics)).toMatchObject({ gamesWon: '1', kills: '7' });
    const own = await gql({ query: QUERY }, anna.token);
    expect(asMap(own.body.data.statistics).gamesPlayed).toBe('3');
    const anonymous = await gql({ query: QUERY });
    expect(anonymous.body.data.statistics).toEqual([]);
  });

  it('answers an empty list for an unknown player and refuses a malformed id', async () => {
    const unknown = await gql({
      query: QUERY,
      variables: { playerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.data.statistics).toEqual([]);
    const bad = await gql({ query: QUERY, variables: { playerId: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/UUID/);
  });

  it('refuses an invalid token', async () => {
    const res = await gql({ query: QUERY }, 'not-a-token');
    expect(res.status).toBe(401);
  });

  it('refuses a request whose query is not a string with 400 and the field', async () => {
    for (const body of [{ query: 123 }, {}, { query: QUERY, variables: 'x' }]) {
      const res = await gql(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).not.toContain('definitions');
    }
    // Answered the GraphQL way (errors[]), naming the field.
    const res = await gql({ query: 123 });
    expect(res.body.errors[0].message).toBe(
      'The GraphQL request is not valid: query must be a string',
    );
  });

  it('refuses a GET whose parameters are repeated with 400 and the field', async () => {
    const cases = [
      ['query=%7B__typename%7D&query=x', 'query'],
      ['query=%7B__typename%7D&operationName=a&operationName=b', 'operationName'],
      ['query=%7B__typename%7D&variables=%7B%7D&variables=%7B%7D', 'variables'],
    ] as const;
    for (const [search, field] of cases) {
      const res = await t.request('GET', `/graphql?${search}`);
      expect(res.status, search).toBe(400);
      expect(res.body.errors[0].message, search).toContain(`${field} must be`);
      expect(JSON.stringify(res.body), search).not.toMatch(/iterable|Cannot read|charCodeAt/);
    }
    const plain = await t.request('GET', '/graphql?query=%7B__typename%7D');
    expect(plain.status).toBe(200);
    expect(plain.body.data).toEqual({ __typename: 'Query' });
  });

  it('takes the bearer scheme in any case, as the REST routes do', async () => {
    const res = await t.request('POST', '/graphql', {
      body: { query: QUERY },
      headers: { authorization: `bearer ${anna.token}` },
    });
    expect(res.status).toBe(200);
  });

  it('does not answer introspection outside development', async () => {
    for (const query of [
      '{ __schema { types { name } } }',
      '{ __type(name: "Statistic") { name } }',
    ]) {
      const res = await gql({ query });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body.errors), query).toMatch(/introspection/i);
      expect(JSON.stringify(res.body), query).not.toContain('Statistic"');
    }
    // __typename is not introspection of the schema and stays allowed.
    const typename = await gql({ query: '{ __typename }' });
    expect(typename.status).toBe(200);
    expect(typename.body.data).toEqual({ __typename: 'Query' });
  });

  it('limits the query depth, and answers introspection in development', async () => {
    // Only introspection nests deeper than the limit, and only development answers it.
    const dev = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const shallow = await dev.request('POST', '/graphql', {
        body: { query: '{ __type(name: "Statistic") { name } }' },
      });
      expect(shallow.status).toBe(200);
      expect(shallow.body.data).toEqual({ __type: { name: 'Statistic' } });
      const deep = `{ __schema { types { fields { type { ofType { ofType { name } } } } } } }`;
      const res = await dev.request('POST', '/graphql', { body: { query: deep } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/depth/i);
    } finally {
      await dev.close();
    }
  });

  it('refuses a query of too many tokens before parsing it to the end (5,000 levels of nesting)', async () => {
    const deep = `{ ${'statistics { '.repeat(5_000)}name${' }'.repeat(5_000)} }`;
    const res = await gql({ query: deep });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/more that 2000 tokens/);
    expect(JSON.stringify(res.body)).not.toMatch(/call stack/i);
  });

  it('limits the query cost, aliases and fragments counted every time', async () => {
    const aliases = Array.from(
      { length: 12 },
      (_, i) => `s${i}: statistics(playerId: "${anna.id}") { name value applicationId }`,
    ).join('\n');
    const res = await gql({ query: `{ ${aliases} }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/too expensive/);
    const fragment = `fragment F on Query { statistics(playerId: "${anna.id}") { name value } }`;
    const spreads = Array.from({ length: 10 }, () => '...F').join(' ');
    const viaFragments = await gql({ query: `{ ${spreads} } ${fragment}` });
    expect(viaFragments.status).toBe(400);
    const small = await gql({
      query: `{ a: statistics(playerId: "${anna.id}") { name } b: statistics(playerId: "${ben.id}") { name } }`,
    });
    expect(small.status).toBe(200);
  });

  it('refuses a fragment that doubles at each of 60 levels without expanding it (2^60 leaves)', async () => {
    // Counted afresh at every spread, 26 levels held a process for 10-20 s; 60 would be forever.
    const levels = Array.from(
      { length: 60 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    ).join('\n');
    const bomb = `query { ...F0 }\n${levels}\nfragment F60 on Query { __typename }`;
    const res = await gql({ query: bomb });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toMatch(/too expensive/);
    // Shared fragments still count at every use: 8 spreads of a 13-point fragment are 104.
    const shared = `fragment S on Query { statistics(playerId: "${anna.id}") { name value applicationId } }`;
    const twice = await gql({ query: `{ ...T ...T } fragment T on Query { ...S ...S } ${shared}` });
    expect(twice.status).toBe(200);
    const eight = await gql({
      query: `{ ...U ...U } fragment U on Query { ...T ...T } fragment T on Query { ...S ...S } ${shared}`,
    });
    expect(eight.status).toBe(400);
  });
});
