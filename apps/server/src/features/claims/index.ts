/** Claiming guests' results with a code from the device (contracts/claims.ts). */
export { claimResult, hashClaimToken, issueClaims, previewClaim } from './service';
