export { brandRoutes } from './routes';
export { GAMEPAD_MARK, LOGO_SVG } from './logo';
