/** Skill ratings (docs/rating.md) as other features see them. */
export { rateIncomingGame, rateIncomingGames, type SlotRating } from './rate-game';
export { gameRatingScope, lockGameRatings, recomputeRatings } from './recompute';
export { displayRating, isProvisional } from './model';
