/** Marketing mail consent (double opt-in) as other features see it. */
export {
  marketingPending,
  requestMarketingConsent,
  withdrawMarketingConsent,
  type ConfirmationLinks,
  type ConsentSource,
} from './service';
export { marketingMailer } from './routes';
