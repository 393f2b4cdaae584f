// Local ESLint rule: a "use client" module must not import, directly or through its own imports, a
// module whose first statement is `import "server-only"`. Next only says so at build time, deep in a
// bundler trace; this says it in the editor and in `npm test`, with the chain of files.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];
const SERVER_ONLY_FIRST = /^import\s+["']server-only["']/;
// A "use server" module reaches the client as references to its actions, never as its code.
const USE_SERVER_FIRST = /^["']use server["']/;
// Value imports and re-exports (`import type`/`export type` are erased and cannot reach the client).
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function stripLeadingComments(source) {
  return source.replace(/^(?:\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "");
}

function resolveImport(specifier, fromFile, root) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null; // packages: only "server-only" itself matters, checked by the caller
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const cache = new Map();

/** The chain of files from `file` to a server-only module, or null when its imports never reach one. */
function serverOnlyChain(file, root, visiting = new Set()) {
  const key = `${file}:${statSync(file).mtimeMs}`;
  if (cache.has(key)) return cache.get(key);
  if (visiting.has(file)) return null;
  visiting.add(file);
  const source = readFileSync(file, "utf8");
  const start = stripLeadingComments(source);
  let chain = null;
  if (SERVER_ONLY_FIRST.test(start)) chain = [file];
  else if (!USE_SERVER_FIRST.test(start)) {
    for (const match of source.matchAll(VALUE_IMPORT)) {
      const specifier = match[1];
      if (specifier === "server-only") {
        chain = [file];
        break;
      }
      const target = resolveImport(specifier, file, root);
      const rest = target ? serverOnlyChain(target, root, visiting) : null;
      if (rest) {
        chain = [file, ...rest];
        break;
      }
    }
  }
  visiting.delete(file);
  cache.set(key, chain);
  return chain;
}

function isUseClient(program) {
  const first = program.body[0];
  return first?.type === "ExpressionStatement" && first.directive === "use client";
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === "type" || s.exportKind === "type");
}

export const noServerOnlyInClient = {
  meta: {
    type: "problem",
    docs: { description: 'A "use client" module must not import a module that starts with import "server-only".' },
    schema: [],
    messages: {
      serverOnly:
        'Client module imports server-only code: {{chain}}. Move the shared pure part into a module without "server-only".',
    },
  },
  create(context) {
    const root = context.cwd;
    const filename = context.filename;
    let client = false;
    function check(node, source) {
      if (!client || !source || typeof source.value !== "string") return;
      const specifier = source.value;
      let chain = null;
      if (specifier === "server-only") chain = ["server-only"];
      else {
        const target = resolveImport(specifier, filename, root);
        chain = target ? serverOnlyChain(target, root) : null;
      }
      if (chain) {
        const shown = chain.map((file) => (path.isAbsolute(file) ? path.relative(root, file) : file)).join(" → ");
        context.report({ node, messageId: "serverOnly", data: { chain: shown } });
      }
    }
    return {
      Program(program) {
        client = isUseClient(program);
      },
      ImportDeclaration(node) {
        if (!isTypeOnly(node)) check(node, node.source);
      },
      ExportNamedDeclaration(node) {
        if (node.source && !isTypeOnly(node)) check(node, node.source);
      },
      ExportAllDeclaration(node) {
        if (node.exportKind !== "type") check(node, node.source);
      },
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node, node.source);
      },
    };
  },
};

export const localPlugin = {
  meta: { name: "portal-local" },
  rules: { "no-server-only-in-client": noServerOnlyInClient },
};
