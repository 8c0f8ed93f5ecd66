import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWithEarlyCalls, takeEarlyCall } from './early-calls';

const origin = window.location.origin;
const details = '/api/user/0b7e3f4a-0000-4000-8000-000000000001/details';

function early(token: string, body = '{"early":true}') {
  const answer = Promise.resolve(new Response(body, { status: 200 }));
  window.arcadiaEarlyCalls = { [details]: { token, answer } };
  return answer;
}

const get = (path: string, token?: string, method = 'GET') =>
  new Request(`${origin}${path}`, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('early calls (the start-up script’s answers)', () => {
  afterEach(() => {
    delete window.arcadiaEarlyCalls;
    vi.unstubAllGlobals();
  });

  it('answers the same GET with the same token, once', () => {
    const answer = early('t1');
    expect(takeEarlyCall(get(details, 't1'))).toBe(answer);
    expect(takeEarlyCall(get(details, 't1'))).toBeUndefined();
  });

  it('leaves a call with another token, another address or another method to the network', () => {
    void early('t1');
    expect(takeEarlyCall(get(details, 't2'))).toBeUndefined();
    expect(takeEarlyCall(get(details))).toBeUndefined();
    expect(takeEarlyCall(get(`${details}?x=1`, 't1'))).toBeUndefined();
    expect(takeEarlyCall(get(details, 't1', 'POST'))).toBeUndefined();
    expect(
      takeEarlyCall(
        new Request(`https://elsewhere.example${details}`, {
          headers: { authorization: 'Bearer t1' },
        }),
      ),
    ).toBeUndefined();
    // still there for the right request
    expect(takeEarlyCall(get(details, 't1'))).toBeDefined();
  });

  it('the API client’s fetch takes the early answer instead of calling the network', async () => {
    const network = vi.fn(async () => new Response('{"network":true}'));
    vi.stubGlobal('fetch', network);
    void early('t1');
    const first = await fetchWithEarlyCalls(get(details, 't1'));
    expect(await first.json()).toEqual({ early: true });
    expect(network).not.toHaveBeenCalled();
    const second = await fetchWithEarlyCalls(get(details, 't1'));
    expect(await second.json()).toEqual({ network: true });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('a failed early call is made again on the network', async () => {
    const network = vi.fn(async () => new Response('{"network":true}'));
    vi.stubGlobal('fetch', network);
    const answer = Promise.reject(new TypeError('offline'));
    answer.catch(() => undefined);
    window.arcadiaEarlyCalls = { [details]: { token: 't1', answer } };
    const res = await fetchWithEarlyCalls(get(details, 't1'));
    expect(await res.json()).toEqual({ network: true });
  });
});
