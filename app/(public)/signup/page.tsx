import { OtherFormLink } from "@/components/sign-in/other-form-link";
import { getTranslations } from "next-intl/server";
import { NewDriverForm } from "@/components/accounts/new-driver-form";
import { signUpAction } from "@/lib/features/accounts/actions/sign-up";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("signUp.title");

export default async function SignUpPage() {
  const t = await getTranslations("signUp");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">{t("heading")}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <NewDriverForm audience="self" action={signUpAction} />
      <OtherFormLink question={t("haveAccount")} href="/signin">
        {t("signIn")}
      </OtherFormLink>
    </div>
  );
}
