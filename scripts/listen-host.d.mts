/** Types of listen-host.mjs, for the TypeScript that imports it (tests). */
export declare function listenHost(hostSetting: string | undefined, demoMode: boolean): string;
