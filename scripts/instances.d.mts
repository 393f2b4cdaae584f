/** Types of instances.mjs, for the TypeScript that imports it (tests). */
export function instanceCommands(count: number, firstPort: number, host?: string): { port: number; args: string[] }[];
export function instancesProblem(input: {
  count: number;
  firstPort: number;
  databaseUrl: string | undefined;
  built: boolean;
}): string | null;
