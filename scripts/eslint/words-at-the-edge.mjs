// Local ESLint rules: words are made once, at the edge (issue 35). A feature's service returns data or throws a
// coded error; only its edge (actions, route handlers, mails, CSV and PDF documents, *-words.ts) takes a translator.
// And pages ask for the request's language one way: next-intl's getLocale(), never lib's currentLocale().

/** Modules that put words into a language: a translator, or the helpers that word a key. MessageKey (a key) is data. */
const WORD_MAKERS = {
  "@/lib/core/i18n/translator": ["Translator", "translatorFor", "defaultTranslator"],
  "@/lib/core/auth/request-translator": null,
  "@/lib/core/i18n/wording": ["inWords"],
  "next-intl": null,
  "next-intl/server": null,
};

function importedNames(node) {
  return node.specifiers.map((s) => (s.type === "ImportSpecifier" ? s.imported.name : s.local.name));
}

export const wordlessServices = {
  meta: {
    type: "problem",
    docs: { description: "A feature's service never takes a translator: it returns data or throws a coded error." },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!(source in WORD_MAKERS)) return;
        const names = WORD_MAKERS[source];
        const made = names === null ? importedNames(node) : importedNames(node).filter((n) => names.includes(n));
        if (names === null || made.length > 0)
          context.report({
            node,
            message:
              `A feature's service makes no words (${source}${made.length ? `: ${made.join(", ")}` : ""}): return ` +
              "data or a catalogue key (Wording), or throw a coded error, and word it at the edge (an action, a route " +
              "handler, a mail, a CSV or PDF module, a *-words.ts module, or the component). docs/architecture.md",
          });
      },
    };
  },
};

export const oneLocaleCall = {
  meta: {
    type: "problem",
    docs: { description: "Pages and layouts read the request's language with next-intl's getLocale()." },
    schema: [],
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        if (node.source.value !== "@/lib/core/auth/current-locale") return;
        if (!importedNames(node).includes("currentLocale")) return;
        context.report({
          node,
          message:
            "app/ reads the request's language one way: getLocale() from next-intl/server (which calls currentLocale() " +
            "through the request config); currentLocale() is for code in lib/.",
        });
      },
    };
  },
};

export const wordsPlugin = { rules: { "wordless-services": wordlessServices, "one-locale-call": oneLocaleCall } };
