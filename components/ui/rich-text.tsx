/** Tags of the catalogues' rich messages (t.rich), drawn the same wherever a message uses them. */

/** An address or a name in a sentence: bold, and free to break anywhere so a long one never widens a 360 px page. */
export const strongBreakable = (chunks: React.ReactNode) => <strong className="break-all">{chunks}</strong>;

/** Words for screen readers only, such as the rest of a control's name beside its short visible text. */
export const screenReaderOnly = (chunks: React.ReactNode) => <span className="sr-only">{chunks}</span>;
