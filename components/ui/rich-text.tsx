import Link from "next/link";
/** Tags of the catalogues' rich messages (t.rich), drawn the same wherever a message uses them. */

/** An address or a name in a sentence: bold, and free to break anywhere so a long one never widens a 360 px page. */
export const strongBreakable = (chunks: React.ReactNode) => <strong className="break-all">{chunks}</strong>;

/** Words for screen readers only, such as the rest of a control's name beside its short visible text. */
export const screenReaderOnly = (chunks: React.ReactNode) => <span className="sr-only">{chunks}</span>;

/** A link in a sentence (a rich message's tag), in the portal's link colour. */
export const INLINE_LINK_CLASS = "font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100";
export const inlineLink = (href: string) =>
  function InlineLink(chunks: React.ReactNode) {
    return (
      <Link href={href} className={INLINE_LINK_CLASS}>
        {chunks}
      </Link>
    );
  };
