import type { MessageKey, Translator } from "./translator";

/** Words as data: a catalogue key and its values. Services return these; the edge puts them into the reader's language. */
export interface Wording {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** The sentence of `wording` in `t`'s language. */
export function inWords(t: Translator, wording: Wording): string {
  return t(wording.key, wording.values);
}
