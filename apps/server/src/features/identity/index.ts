/** The identity feature as other code sees it. */
export { PER_EMAIL, TOKEN_FACTOR } from './request-limits';
export {
  accountEmail,
  accountForExport,
  endAllSessions,
  refuseTokensIssuedBefore,
  signInAddress,
  verifiedAccountEmail,
} from './accounts';
export { createMailer, outboxDir, removeOutboxMailTo, type Mail, type SendMail } from './mailer';
