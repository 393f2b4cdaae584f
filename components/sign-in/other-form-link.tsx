import { TextLink } from "@/components/ui/text-link";

/** Under the sign-in and the sign-up form: a short question and the link to the other form. */
export function OtherFormLink({ question, href, children }: { question: string; href: string; children: string }) {
  return (
    <p className="text-sm">
      {question} <TextLink href={href}>{children}</TextLink>
    </p>
  );
}
