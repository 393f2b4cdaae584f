export * from "./auth";
export * from "./portal";
export * from "./map";
