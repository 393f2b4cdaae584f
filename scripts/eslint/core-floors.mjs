// Local ESLint rule: lib/core's floors. Each top-level entry of lib/core (a folder or a file) stands on a
// floor; an import may go down a floor, or along its own floor towards the entries listed before it, never
// up and never back, so no two entries import each other. `import type` counts like any other import.
import path from "node:path";

const CORE = "/lib/core/";

/** The lib/core entry a path belongs to ("auth", "format"), or null outside lib/core. */
function coreEntry(file) {
  const normal = file.split(path.sep).join("/");
  const at = normal.lastIndexOf(CORE);
  if (at === -1) return null;
  const first = normal.slice(at + CORE.length).split("/")[0];
  return first.replace(/(\.d)?\.(ts|tsx|mts|js|mjs)$/, "");
}

function targetPath(specifier, fromFile) {
  if (specifier.startsWith("@/")) return `/${specifier.slice(2)}`;
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

export const coreFloors = {
  meta: {
    type: "problem",
    docs: {
      description: "lib/core's entries import down their floors (eslint.config.mjs CORE_FLOORS), never up or back.",
    },
    schema: [{ type: "array", items: { type: "array", items: { type: "string" } } }],
    messages: {
      up: "lib/core/{{from}} (floor {{fromFloor}}) imports lib/core/{{to}} on floor {{toFloor}} above it: core's floors run upwards from config, log, format and words to db, to auth, mail and audit, to the action and route helpers. Move the shared piece down.",
      back: "lib/core/{{from}} imports lib/core/{{to}}, which stands after it on floor {{fromFloor}}: along a floor imports run one way only (CORE_FLOORS in eslint.config.mjs), so no two entries import each other.",
    },
  },
  create(context) {
    const from = coreEntry(context.filename);
    if (!from) return {};
    const places = new Map();
    (context.options[0] ?? []).forEach((floor, level) =>
      floor.forEach((entry, order) => places.set(entry, { level, order })),
    );
    const own = places.get(from);
    if (!own) return {};

    function check(node, source) {
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const target = targetPath(source.value, context.filename);
      const to = target && coreEntry(target);
      const place = to && to !== from ? places.get(to) : undefined;
      if (!place) return;
      const data = { from, to, fromFloor: own.level + 1, toFloor: place.level + 1 };
      if (place.level > own.level) context.report({ node, messageId: "up", data });
      else if (place.level === own.level && place.order > own.order) context.report({ node, messageId: "back", data });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
    };
  },
};
