import Link from "next/link";

/** A link inside text or below it, in the portal's link colour: the way on from a message or a form. */
export function TextLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link href={href} className="font-semibold text-brand-700 underline dark:text-brand-100">
      {children}
    </Link>
  );
}
