/** Types of words.mjs, for the TypeScript that imports it (tests). */
export declare const LOCALES: readonly string[];
export declare class WordsError extends Error {}
export declare function wordFolders(root: string): string[];
export declare function assemble(root: string): {
  catalogues: Record<string, Record<string, unknown>>;
  folderOf: Map<string, string>;
};
export declare function assembledTexts(
  root: string,
): Promise<ReturnType<typeof assemble> & { texts: Record<string, string> }>;
export declare function checkWords(root: string): Promise<string[]>;
export declare function writeWords(root: string): Promise<string[]>;
