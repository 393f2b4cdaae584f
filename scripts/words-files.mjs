// Which files are words (a feature's or core's words folder) or the catalogues assembled from them (scripts/words.mjs):
// the pre-commit hook and `npm run check` run `words.mjs --check` when one of them changed. No import: the hook stays fast.
const WORDS_FILE = /^(lib\/core\/i18n\/words\/|lib\/features\/[^/]+\/words\/|messages\/)[^/]+\.json$/;

/** Whether `file` (a path from the repository's root) is a words file or an assembled catalogue. */
export const isWordsFile = (file) => WORDS_FILE.test(file);
