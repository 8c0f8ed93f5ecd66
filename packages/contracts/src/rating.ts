/**
 * Skill ratings (docs/rating.md): a Weng-Lin (OpenSkill) rating per player, application and
 * mode, updated with every stored game. The model's parameters are the `openskill` package's
 * defaults (μ0 = 25, σ0 = 25/3, β = 25/6, τ = 25/300); only the display is ours.
 *
 * Displayed rating: the conservative estimate μ − 3σ, scaled and shifted so that a new player
 * starts at RATING_DISPLAY_BASE: round(RATING_DISPLAY_BASE + RATING_DISPLAY_SCALE × (μ − 3σ)),
 * never below 0 (openskill's `ordinal` with alpha = scale, target = base). A rating is
 * provisional until the player has RATING_PROVISIONAL_GAMES rated games in the mode.
 */
export const RATING_DISPLAY_SCALE = 40;
export const RATING_DISPLAY_BASE = 1000;
export const RATING_PROVISIONAL_GAMES = 10;
