/** The operator console as other features and the listener see it. */
export { mayActFor, operatorBySub, type Operator } from './access';
export { offerAdminBootstrap } from './bootstrap';
