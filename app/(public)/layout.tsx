import { getTranslations } from "next-intl/server";
import { AudienceFrame } from "@/components/layout/audience-frame";
import { HeaderLink } from "@/components/layout/header-link";

export default async function PublicLayout({ children }: { children: React.ReactNode }) {
  const t = await getTranslations("auth");
  const header = (
    <>
      <HeaderLink href="/signin">{t("signIn")}</HeaderLink>
      <HeaderLink href="/signup" tone="primary">
        {t("createAccount")}
      </HeaderLink>
    </>
  );
  return (
    <AudienceFrame audience="public" header={header} roomy>
      {children}
    </AudienceFrame>
  );
}
