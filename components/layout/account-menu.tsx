import { SignOutButton } from "@/components/sign-in/sign-out-button";

export function AccountMenu({ email }: { email: string }) {
  return (
    <div className="flex items-center gap-2">
      <span className="hidden text-sm text-slate-600 2xl:inline dark:text-slate-300">{email}</span>
      <SignOutButton variant="ghost" />
    </div>
  );
}
