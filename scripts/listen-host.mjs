// Where `npm start` listens. Demo mode holds demo data, a mailbox with every sign-in link and the
// emulator bridge: it listens on loopback only unless HOST says otherwise (README, "Security notes").
export function listenHost(hostSetting, demoMode) {
  if (hostSetting) return hostSetting;
  return demoMode ? "127.0.0.1" : "0.0.0.0";
}
