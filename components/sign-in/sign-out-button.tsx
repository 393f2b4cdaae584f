import { getTranslations } from "next-intl/server";
import { signOutEverywhereAction } from "@/lib/features/sign-in/actions/sign-out-everywhere";
import { signOutAction } from "@/lib/features/sign-in/actions/sign-out";
import { buttonClasses } from "@/components/ui/button-classes";

export async function SignOutButton({
  everywhere = false,
  variant = "secondary",
}: {
  everywhere?: boolean;
  variant?: "secondary" | "ghost";
}) {
  const t = await getTranslations("auth");
  return (
    <form action={everywhere ? signOutEverywhereAction : signOutAction}>
      <button type="submit" className={buttonClasses(variant)}>
        {everywhere ? t("signOutEverywhere") : t("signOut")}
      </button>
    </form>
  );
}
