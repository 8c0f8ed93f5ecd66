/** The user-cards feature as other features see it. */
export { createUnclaimedProfile } from './service';
