import type { PushMessage } from '@arcadia/contracts';
import { isAppPath } from './sw-protocol';

/** What the service worker passes to `registration.showNotification(title, options)`. */
export interface NotificationPlan {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

export interface NotificationAssets {
  icon: string;
  badge: string;
}

const FALLBACK_TITLE = 'Arcadia';
const FALLBACK_URL = '/home';

function readMessage(value: unknown): Partial<PushMessage> {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const text = (key: keyof PushMessage) =>
    typeof record[key] === 'string' ? record[key] : undefined;
  return { title: text('title'), body: text('body'), url: text('url'), tag: text('tag') };
}

/**
 * Turns a push payload into a notification. The server sends `{ title, body, url, tag }` already
 * in the player's language; anything else still shows something (a push must always end in a
 * visible notification), and a url that is not a path of this app opens the start page instead.
 */
export function notificationFromPush(
  payload: string | null,
  assets: NotificationAssets,
): NotificationPlan {
  let message: Partial<PushMessage> = {};
  let plainText: string | undefined;
  if (payload) {
    try {
      message = readMessage(JSON.parse(payload));
    } catch {
      plainText = payload;
    }
  }
  const url = message.url && isAppPath(message.url) ? message.url : FALLBACK_URL;
  const tag = message.tag || undefined;
  return {
    title: message.title || FALLBACK_TITLE,
    options: {
      body: message.body ?? plainText ?? '',
      icon: assets.icon,
      badge: assets.badge,
      // One notification per subject (a game, a friend, an article): a newer one replaces it.
      ...(tag ? { tag } : {}),
      data: { url },
    },
  };
}

/** The app path a clicked notification opens. */
export function notificationUrl(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && isAppPath(url) ? url : FALLBACK_URL;
}

export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
}

/**
 * The open window of this app a notification click should bring forward: the focused one, else a
 * visible one, else any; none when no window of this origin is open (then a new one opens).
 */
export function chooseWindow<T extends WindowLike>(
  windows: readonly T[],
  origin: string,
): T | undefined {
  const ours = windows.filter((w) => {
    try {
      return new URL(w.url).origin === origin;
    } catch {
      return false;
    }
  });
  return (
    ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0]
  );
}
