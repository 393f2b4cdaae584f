import { Fragment } from "react";
import Link from "next/link";
import { addressParts } from "./address-parts";
/** Tags of the catalogues' rich messages (t.rich), drawn the same wherever a message uses them. */

/**
 * An e-mail address (or a name) that wraps only where it must: after its "@" and before its dots, and mid-word only
 * when one part alone is wider than the line, so a long one never widens a 360 px page.
 */
export function BreakableAddress({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  const pieces = Array.isArray(children) ? children : [children];
  const text = pieces.every((piece) => typeof piece === "string") ? pieces.join("") : null;
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {text === null
        ? children
        : addressParts(text).map((part, index) => (
            <Fragment key={index}>
              {index > 0 && <wbr />}
              {part}
            </Fragment>
          ))}
    </span>
  );
}

/** An address or a name in a sentence: bold, and wrapping as {@link BreakableAddress} does. */
export const strongBreakable = (chunks: React.ReactNode) => (
  <strong>
    <BreakableAddress>{chunks}</BreakableAddress>
  </strong>
);

/** `text` with `part` (a code or number it names) kept on one line, so "INV-2026-009044" never breaks at a dash. */
export function WithUnbroken({ text, part }: { text: string; part: string }) {
  const at = text.indexOf(part);
  if (at < 0 || part === "") return text;
  // One element, so a flex parent (a button) wraps it as one text.
  return (
    <span>
      {text.slice(0, at)}
      <span className="whitespace-nowrap">{part}</span>
      {text.slice(at + part.length)}
    </span>
  );
}

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
