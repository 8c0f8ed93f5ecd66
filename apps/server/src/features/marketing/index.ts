/** Marketing mail consent (double opt-in, a parent's for players under 16) as other features see it. */
export {
  marketingAwaitsParent,
  marketingPending,
  marketingRecipients,
  requestMarketingConsent,
  withdrawMarketingConsent,
  type ConfirmationLinks,
  type ConsentSource,
} from './service';
export { marketingMailer } from './routes';
