/**
 * User cards: linking the signed-in identity to a card's profile (/login/link) and meeting
 * players by their card (/visit). The pages are loaded lazily by the router; the flows are
 * exported for other features and tests.
 */
export { linkScannedCard, type LinkCardOutcome } from './state/link-card-thunk';
export { meetScannedPlayer, type MeetOutcome } from './state/visit-thunk';
