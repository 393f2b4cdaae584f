import { signOutEverywhere, signOutHere } from "@/lib/auth/sign-out-action";
import { buttonClasses } from "@/components/ui/button-classes";

export function SignOutButton({
  everywhere = false,
  variant = "secondary",
}: {
  everywhere?: boolean;
  variant?: "secondary" | "ghost";
}) {
  return (
    <form action={everywhere ? signOutEverywhere : signOutHere}>
      <button type="submit" className={buttonClasses(variant)}>
        {everywhere ? "Sign out on all devices" : "Sign out"}
      </button>
    </form>
  );
}
