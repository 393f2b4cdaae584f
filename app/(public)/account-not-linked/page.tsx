import type { Metadata } from "next";
import { SignOutButton } from "@/components/auth/sign-out-button";

export const metadata: Metadata = { title: "Account not found" };

export default function AccountNotLinkedPage() {
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">We could not find your charging account</h1>
      <p>
        You are signed in, but no charging account uses this e-mail address yet, or the charging service could not be
        reached.
      </p>
      <p>
        Try again in a few minutes. If it keeps happening, contact support and mention the e-mail address you signed in
        with.
      </p>
      <SignOutButton />
    </div>
  );
}
