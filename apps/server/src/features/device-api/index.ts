/** The device API as other code sees it. */
export { DEVICE_AUTH_FAILURES } from './auth-failures';
