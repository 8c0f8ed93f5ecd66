import { describe, expect, it } from 'vitest';
import { profilePageHints } from './page-hints';

const id = '0b7e3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const meta = (player: string) =>
  `<meta name="arcadia-early-calls" content="/api/user/${player}/details /api/user/${player}/achievements">`;

describe('profilePageHints', () => {
  it("names a profile's details and achievements as its early calls, on every tab", () => {
    expect(profilePageHints(`/profile/${id}`)).toEqual([meta(id)]);
    expect(profilePageHints(`/profile/${id}/games?x=1`)).toEqual([meta(id)]);
    expect(profilePageHints(`/profile/${id}/statistics/`)).toEqual([meta(id)]);
  });

  it('names nothing on other pages or for an address that is no player id', () => {
    expect(profilePageHints('/home')).toEqual([]);
    expect(profilePageHints('/profile/not-a-uuid')).toEqual([]);
    expect(profilePageHints(`/profile/${id}"><script>`)).toEqual([]);
    expect(profilePageHints(`/profile/${id}/../../api/admin`)).toEqual([]);
  });
});
