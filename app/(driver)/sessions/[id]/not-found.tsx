import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";

/** Shown for unknown ids and for sessions of other accounts alike: nothing tells them apart. */
export default function SessionNotFound() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Session not found</h1>
      <p>
        This charging session is not in your account. The link may be mistyped, or the session belongs to another
        account.
      </p>
      <Link href="/sessions" className={buttonClasses("primary")}>
        Go to your sessions
      </Link>
    </div>
  );
}
