export * from "./auth";
export * from "./portal";
export * from "./map";
export * from "./cards";
export * from "./devices";
export * from "./deletion";
export * from "./passkeys";
export * from "./live";
