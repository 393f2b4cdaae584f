import "server-only";

/** What app/ and other features may use of devices: the rest of the folder is its own. */
export { loadDeviceListView } from "./device-list-view";
