import { describe, expect, it } from 'vitest';
import { parseUserCard, parseUserCardClaim, userCardUrl } from './user-card';

const id = '3f2b8c1e-9a4d-4e6f-8b21-0c5d7e9f1a23';

describe('parseUserCard', () => {
  it('reads the user id from the last path segment of an http(s) URL', () => {
    expect(parseUserCard(`https://arcadia.example/u/${id}`)).toBe(id);
    expect(parseUserCard(`http://localhost:8080/u/${id}`)).toBe(id);
  });

  it('ignores a trailing slash, query and fragment', () => {
    expect(parseUserCard(`https://arcadia.example/u/${id}/`)).toBe(id);
    expect(parseUserCard(`https://arcadia.example/u/${id}?ref=card#top`)).toBe(id);
  });

  it('trims whitespace around the scanned text', () => {
    expect(parseUserCard(`  https://arcadia.example/u/${id}\n`)).toBe(id);
  });

  it('accepts any path as long as the last segment has a hyphen', () => {
    expect(parseUserCard('https://old.example/profile/user/abc-def')).toBe('abc-def');
  });

  it('decodes a percent-encoded segment once the raw segment has its hyphen', () => {
    expect(parseUserCard('https://a.example/u/abc-d%C3%A9f')).toBe('abc-d\u00e9f');
    // The hyphen rule reads the value as scanned: an encoded hyphen does not count.
    expect(parseUserCard('https://a.example/u/abc%2Ddef')).toBeNull();
  });

  it('refuses a value that does not start with http', () => {
    expect(parseUserCard(id)).toBeNull();
    expect(parseUserCard(`ftp://arcadia.example/u/${id}`)).toBeNull();
    expect(parseUserCard(`deviceId=arcade;${id}`)).toBeNull();
    expect(parseUserCard(`  `)).toBeNull();
  });

  it('refuses a last path segment without a hyphen', () => {
    expect(parseUserCard('https://arcadia.example/u/12345')).toBeNull();
    expect(parseUserCard('https://arcadia.example/')).toBeNull();
    expect(parseUserCard('https://arcadia.example')).toBeNull();
  });

  it('refuses text that starts with http but is no URL', () => {
    expect(parseUserCard('http')).toBeNull();
    expect(parseUserCard('httpfoo-bar')).toBeNull();
    expect(parseUserCard('http://')).toBeNull();
  });
});

describe('userCardUrl', () => {
  it('builds {public url}/u/{id}', () => {
    expect(userCardUrl('https://arcadia.example', id)).toBe(`https://arcadia.example/u/${id}`);
  });

  it('drops trailing slashes of the public URL', () => {
    expect(userCardUrl('https://arcadia.example//', id)).toBe(`https://arcadia.example/u/${id}`);
  });

  it('round-trips through parseUserCard', () => {
    expect(parseUserCard(userCardUrl('http://localhost:9400', id))).toBe(id);
  });
});

describe('parseUserCardClaim', () => {
  const secret = 'q0Z-r_9xY2k8Lp3mN7vB1cD5fG6hJ4sA0eW2tU8iO9y';

  it('reads the id and the claim secret of a printed card', () => {
    expect(parseUserCardClaim(`https://arcadia.example/u/${id}?k=${secret}`)).toEqual({
      userId: id,
      secret,
    });
  });

  it('answers a null secret for a card without one (an old card, or one to meet a player)', () => {
    expect(parseUserCardClaim(`https://arcadia.example/u/${id}`)).toEqual({
      userId: id,
      secret: null,
    });
    expect(parseUserCardClaim(`https://arcadia.example/u/${id}?k=`)).toEqual({
      userId: id,
      secret: null,
    });
  });

  it('refuses what is no user card, as parseUserCard does', () => {
    expect(parseUserCardClaim(`deviceId=arcade;${id}`)).toBeNull();
    expect(parseUserCardClaim('https://arcadia.example/u/12345?k=abc')).toBeNull();
    expect(parseUserCardClaim('https://a.example/u/abc-%E0')).toBeNull();
  });

  it('round-trips through userCardUrl, and the last path segment stays the id', () => {
    const url = userCardUrl('http://localhost:9400/', id, secret);
    expect(url).toBe(`http://localhost:9400/u/${id}?k=${secret}`);
    expect(parseUserCard(url)).toBe(id);
    expect(parseUserCardClaim(url)).toEqual({ userId: id, secret });
  });
});
