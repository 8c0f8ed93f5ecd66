/** The operator console as other features and the listener see it. */
export { mayActFor, operatorBySub, type Operator } from './access';
export { localServerUrl, offerAdminBootstrap } from './bootstrap';
