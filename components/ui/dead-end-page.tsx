import { TextLink } from "@/components/ui/text-link";

/** A page with nothing to show: its heading, then why (`children`) and the one way on from there. */
export function DeadEndPage({
  title,
  narrow = false,
  children,
}: {
  title: string;
  /** A narrow centred column, as on the public pages. */
  narrow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={narrow ? "mx-auto max-w-md space-y-4" : "space-y-4"}>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** The common dead end: its heading, one sentence why and a text link back. */
export function DeadEndNotice({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { href: string; label: string };
}) {
  return (
    <DeadEndPage title={title}>
      <p>{text}</p>
      <TextLink href={back.href}>{back.label}</TextLink>
    </DeadEndPage>
  );
}
