/** The operator console as other features see it: its guard, for routes kept elsewhere. */
export { mayActFor, operatorBySub, type Operator } from './access';
