/** The devices feature as other features see it: a device's row, key, roster and roster events. */
export { parseDeviceAuthorization } from './keys';
export {
  authenticateDevice,
  createDeviceIn,
  countOnlineDevices,
  currentRoster,
  heartbeat,
  holdsMatch,
  isOnline,
  renameDeviceIn,
  rotateDeviceKey,
  seats,
  setMatchRunning,
  type DeviceRow,
} from './service';
export {
  closeRosterEvents,
  rosterEventsConnected,
  rosterEventsFor,
  type RosterEvents,
} from './roster-events';
export {
  adminDevice,
  adminDevices,
  kickPlayer,
  setDeviceDisabled,
  toAdminDevice,
} from './operator-view';
