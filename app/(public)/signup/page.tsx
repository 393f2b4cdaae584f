import type { Metadata } from "next";
import Link from "next/link";
import { NewDriverForm } from "@/components/account/new-driver-form";
import { signUp } from "@/lib/accounts/sign-up-action";

export const metadata: Metadata = { title: "Create account" };

export default function SignUpPage() {
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Create your charging account</h1>
      <p className="text-slate-700 dark:text-slate-300">
        One account for the charging app and this portal. After you sign up we mail you a link to sign in. Fields marked
        * are required.
      </p>
      <NewDriverForm audience="self" action={signUp} />
      <p className="text-sm">
        Already have an account?{" "}
        <Link href="/signin" className="font-semibold text-brand-700 underline dark:text-brand-100">
          Sign in
        </Link>
      </p>
    </div>
  );
}
