// The lint gate (first step of `npm test`): Next's rules, type-aware TypeScript rules, accessibility,
// and the project's layering rules. Formatting is Prettier's job (`npm run format:check`).
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";
import { readdirSync } from "node:fs";
import { coreFloors } from "./scripts/eslint/core-floors.mjs";
import { localPlugin } from "./scripts/eslint/no-server-only-in-client.mjs";
import { wordsPlugin } from "./scripts/eslint/words-at-the-edge.mjs";

const TS_FILES = ["**/*.ts", "**/*.tsx", "**/*.mts"];

/** Places allowed to read the environment: the config module, tests, scripts, benchmarks and tool configs. */
const ENVIRONMENT_READERS = ["lib/core/config.ts", "tests/**", "scripts/**", "bench/**", "*.config.{ts,mts,mjs,js}"];

/**
 * A feature's edge, where words are made: its actions and their specs, route handlers, mails, and the documents it
 * writes (CSV, PDF, a ZIP archive, the expense pack), and *-words.ts modules (a page's or a document's words for the
 * feature's data).
 */
export const WORD_EDGES = [
  "lib/features/*/actions/**",
  "lib/features/*/*action-spec.ts",
  "lib/features/*/*answer-spec.ts",
  "lib/features/*/staff-action.ts",
  "lib/features/*/route-handlers.ts",
  "lib/features/*/*-route.ts",
  "lib/features/*/{mail,mails}.ts",
  "lib/features/*/*-mail.ts",
  "lib/features/*/csv.ts",
  "lib/features/*/*-pdf.ts",
  "lib/features/*/pdf-*.ts",
  "lib/features/*/*-archive.ts",
  "lib/features/*/*words.ts",
  "lib/features/expense-pack/{pack,pack-line}.ts",
];

/** Planted violations for tests/unit/lint: linted only by that test, never by the gate. */
export const LINT_FIXTURES = "tests/fixtures/lint/**";

/** process.env is read only in lib/core/config.ts (and the places in ENVIRONMENT_READERS). */
const PROCESS_ENV_READ = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: "Read configuration through lib/core/config.ts (getConfig()); process.env is read only there.",
};

/**
 * Words a person reads come from the catalogues (a feature's words/*.json), never from a literal in a
 * component. Text between tags and string expressions in JSX are react/jsx-no-literals' job; these
 * props carry words too, so a literal in them is refused as well.
 */
const TEXT_PROPS =
  "/^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder|label|[a-z]*Label|heading|hint|description|message|legend|caption|summary|emptyText|[a-z]*Text|[a-z]*Title|[a-z]*Message)$/";
const LITERAL_TEXT_PROP = {
  selector: `JSXAttribute[name.name=${TEXT_PROPS}] > Literal[value=/[A-Za-z]/]`,
  message:
    "Interface text comes from the catalogues (a feature's words/*.json, `npm run words`) through useTranslations or getTranslations.",
};
/** A literal chosen inside children ({done ? "Saved" : "Save"}, {`${n} cards`}), which jsx-no-literals passes. */
const LITERAL_TEXT_CHILD = {
  selector:
    ":matches(JSXElement, JSXFragment) > JSXExpressionContainer :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[A-Za-z]{2}/]:not(JSXAttribute *), :matches(JSXElement, JSXFragment) > JSXExpressionContainer :matches(ConditionalExpression, LogicalExpression) > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}/]:not(JSXAttribute *)",
  message: LITERAL_TEXT_PROP.message,
};
/** Punctuation and symbols that read the same in every language. */
const LANGUAGE_FREE_STRINGS = [
  "·",
  "—",
  "–",
  "…",
  "/",
  ":",
  "(",
  ")",
  "|",
  "×",
  "→",
  "←",
  "%",
  "*",
  "⚡",
  "€",
  "+",
  "-",
  ",",
];

/** What lib/ may never import: components/ and app/ sit above it. */
const LIB_BELOW_COMPONENTS = {
  group: ["@/components", "@/components/*", "**/components/*", "@/app/*", "**/app/*"],
  message: "lib/ is below components/ and app/: move the shared piece into lib/ instead.",
};
const FEATURE_FROM_FOUNDATION = {
  group: ["@/lib/features", "@/lib/features/*", "**/features/*"],
  message: "The foundation (lib/core, lib/platform) never imports a feature: move the shared piece into lib/core.",
};
const EMULATOR_FROM_PORTAL = {
  group: ["@/emulators", "@/emulators/*", "**/emulators/*"],
  message:
    "The portal reaches the emulators only through its two seams: lib/platform/embedded.ts, lib/features/map/index.ts.",
};
/** Pages, route handlers and components reach the platform through a feature's service, never the client itself. */
const PLATFORM_CLIENT = {
  name: "@/lib/platform",
  importNames: ["getPlatform"],
  message: "app/ and components/ call a feature's service (lib/features/<feature>); the features call getPlatform().",
};
/** Components take a feature through its two public modules, and a server action from its own "use server" module. */
const FEATURE_FILES_FROM_COMPONENTS = {
  regex: "^@/lib/features/[^/]+/(?!shared$|actions/)",
  message:
    "A component imports a feature through @/lib/features/<feature> (server) or @/lib/features/<feature>/shared (browser-safe), and a server action from its actions/ module.",
};
const PLATFORM_SEAM = "lib/platform/embedded.ts";
const MAP_SEAM = "lib/features/map/index.ts";
const FEATURES = readdirSync(new URL("./lib/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Another feature's files, except its public modules: index.ts (server) and shared.ts (browser-safe). */
function featureInternals(feature) {
  return {
    group: ["@/lib/features/*/**", `!@/lib/features/${feature}/**`, "!@/lib/features/*/shared"],
    message:
      "A feature uses another feature only through its public modules (@/lib/features/<feature> and its /shared), not its files.",
  };
}

/**
 * lib/core's floors, bottom first (scripts/eslint/core-floors.mjs): an entry of lib/core imports the floors below
 * its own, and on its own floor only the entries listed before it. Every entry of lib/core stands on one
 * (tests/unit/lint/gate.test.ts).
 */
export const CORE_FLOORS = [
  // 1. configuration, logging, formats and words: pure, or reading only the environment
  [
    "i18n",
    "config",
    "shutdown",
    "observability",
    "log",
    "config-at-start",
    "brand",
    "country-table",
    "countries",
    "format",
    "zoned-time",
    "csv",
    "pdf-document",
    "search-params",
    "errors",
    "text-schema",
    "security",
    "swr-fetcher",
    "platform-errors-to-messages",
  ],
  // 2. the database
  ["db", "rate-limit"],
  // 3. who is asking, what is mailed, what staff did
  ["mail", "audit-reason", "audit", "auth"],
  // 4. the helpers every action and route handler is built with, and next-intl's request configuration
  ["route-handlers", "actions", "next-intl-request"],
];

function restrictedImports(...patterns) {
  return { "no-restricted-imports": ["error", { patterns: [LIB_BELOW_COMPONENTS, ...patterns] }] };
}

// portal/dialects and portal/core-platform (docs/decisions/0001-core-and-platform.md) use typescript-eslint's copy of
// no-restricted-imports, so their lists never replace the layers' lists; like those, it sees `import type` too.
const DIALECTS = readdirSync(new URL("./lib/platform/dialects", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** lib/core's bottom floor, the only part of lib/core that lib/platform may import. */
const CORE_FLOOR = [
  "config",
  "log",
  "format",
  "zoned-time",
  "i18n/locales",
  "observability/metrics",
  "observability/tracing",
];
const DIALECT_REACH = {
  regex: "(^|/)dialects(/|$)",
  message:
    "Only lib/platform/client.ts and the registry (lib/platform/dialects/index.ts) name a dialect: take it from the client.",
};
const SIBLING_DIALECT = {
  regex: "^\\.\\.($|/(?!\\.\\.?/))",
  message: "A dialect imports its own files and lib/platform's generic ones, never another dialect or the registry.",
};
const CORE_ABOVE_FLOOR = {
  regex: `^(@/lib/|(\\.\\./)+)core/(?!(${CORE_FLOOR.join("|")})$)`,
  message: `lib/platform imports only lib/core's bottom floor (${CORE_FLOOR.join(", ")}); core code that needs the platform sits above it.`,
};
const PLATFORM_FROM_FLOOR = {
  regex: "^(@/lib/|(\\.\\./)+)platform(/|$)",
  message: "lib/core's bottom floor sits below lib/platform: it never imports the platform.",
};
const CORE_FLOOR_FILES = CORE_FLOOR.map((name) => `lib/core/${name}.ts`);
const PLATFORM_REGISTRY = ["lib/platform/client.ts", "lib/platform/dialects/index.ts"];

function platformImports(...patterns) {
  return { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] };
}

const config = [
  {
    ignores: [
      ".next/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "blob-report/**",
      "next-env.d.ts",
      LINT_FIXTURES,
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    name: "portal/type-aware",
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["*.mts"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // Node callbacks (createServer, process.on) take async handlers that catch their own errors.
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/only-throw-error": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-unused-expressions": "error",
    },
  },
  {
    name: "portal/a11y",
    files: ["**/*.tsx"],
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrollable table regions take focus so keyboard users can scroll them (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
    },
  },
  {
    name: "portal/layers",
    plugins: { local: localPlugin },
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      // App Router only: there is no pages/ directory for this rule to read.
      "@next/next/no-html-link-for-pages": "off",
      "local/no-server-only-in-client": "error",
      "no-restricted-syntax": ["error", PROCESS_ENV_READ],
    },
  },
  {
    name: "portal/no-literal-text",
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    rules: {
      "react/jsx-no-literals": [
        "error",
        { noStrings: true, ignoreProps: true, allowedStrings: LANGUAGE_FREE_STRINGS, noAttributeStrings: false },
      ],
      "no-restricted-syntax": ["error", PROCESS_ENV_READ, LITERAL_TEXT_PROP, LITERAL_TEXT_CHILD],
    },
  },
  // lib's layers: the foundation (lib/core, lib/platform) below the features (lib/features/<feature>), each
  // feature reaching another only through its public module (index.ts), the emulators behind two seams.
  // One no-restricted-imports list per kind of file, since a later block replaces an earlier one's list.
  { name: "portal/layers-lib", files: ["lib/**"], rules: restrictedImports(EMULATOR_FROM_PORTAL) },
  { name: "portal/layers-emulators", files: ["emulators/**"], rules: restrictedImports() },
  {
    name: "portal/layers-foundation",
    files: ["lib/core/**", "lib/platform/**"],
    rules: restrictedImports(EMULATOR_FROM_PORTAL, FEATURE_FROM_FOUNDATION),
  },
  ...FEATURES.map((feature) => ({
    name: `portal/layers-feature-${feature}`,
    files: [`lib/features/${feature}/**`],
    rules: restrictedImports(EMULATOR_FROM_PORTAL, featureInternals(feature)),
  })),
  {
    name: "portal/core-floors",
    files: ["lib/core/**"],
    plugins: { "portal-core": { rules: { floors: coreFloors } } },
    rules: { "portal-core/floors": ["error", CORE_FLOORS] },
  },
  { name: "portal/seam-platform", files: [PLATFORM_SEAM], rules: restrictedImports(FEATURE_FROM_FOUNDATION) },
  {
    name: "portal/platform-through-features",
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { paths: [PLATFORM_CLIENT] }] },
  },
  {
    name: "portal/components-through-public-modules",
    files: ["components/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [PLATFORM_CLIENT], patterns: [FEATURE_FILES_FROM_COMPONENTS] }],
    },
  },
  { name: "portal/seam-map", files: [MAP_SEAM], rules: restrictedImports(featureInternals("map")) },
  // A later block replaces an earlier one's list for the same file, so each list here is whole for its files.
  {
    name: "portal/dialects",
    files: TS_FILES,
    ignores: ["lib/platform/**", "tests/**", ...CORE_FLOOR_FILES],
    rules: platformImports(DIALECT_REACH),
  },
  {
    name: "portal/core-platform",
    files: ["lib/platform/**"],
    rules: platformImports(DIALECT_REACH, CORE_ABOVE_FLOOR),
  },
  {
    name: "portal/core-platform-floor",
    files: CORE_FLOOR_FILES,
    rules: platformImports(DIALECT_REACH, PLATFORM_FROM_FLOOR),
  },
  { name: "portal/dialects-registry", files: PLATFORM_REGISTRY, rules: platformImports(CORE_ABOVE_FLOOR) },
  ...DIALECTS.map((dialect) => ({
    name: `portal/dialects-${dialect}`,
    files: [`lib/platform/dialects/${dialect}/**`],
    rules: platformImports(DIALECT_REACH, SIBLING_DIALECT, CORE_ABOVE_FLOOR),
  })),
  {
    name: "portal/words-at-the-edge",
    // A feature's services return data or throw coded errors; only its edge makes words (docs/architecture.md).
    files: ["lib/features/**"],
    ignores: WORD_EDGES,
    plugins: { words: wordsPlugin },
    rules: { "words/wordless-services": "error" },
  },
  {
    name: "portal/one-locale-call",
    files: ["app/**"],
    plugins: { words: wordsPlugin },
    rules: { "words/one-locale-call": "error" },
  },
  {
    name: "portal/server-logs",
    // The server logs through lib/core/log.ts (pino at LOG_LEVEL, redaction configured once). The emulators
    // are demo and test tools with their own console output.
    files: ["lib/**", "app/**", "middleware.ts", "instrumentation.ts"],
    ignores: ["emulators/**"],
    rules: { "no-console": "error" },
  },
  {
    name: "portal/environment-readers",
    files: ENVIRONMENT_READERS,
    rules: { "no-restricted-syntax": "off" },
  },
  {
    name: "portal/playwright-fixtures",
    // Playwright's fixture callback is named `use`, which the hooks rule takes for React's `use()`.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    name: "portal/test-harnesses",
    // Harnesses read arbitrary JSON answers of the emulators; the assertions are the type check there.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;
