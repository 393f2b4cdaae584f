import { getTranslations } from "next-intl/server";
import { signOutEverywhere, signOutHere } from "@/lib/features/sign-in/sign-out-action";
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
    <form action={everywhere ? signOutEverywhere : signOutHere}>
      <button type="submit" className={buttonClasses(variant)}>
        {everywhere ? t("signOutEverywhere") : t("signOut")}
      </button>
    </form>
  );
}
