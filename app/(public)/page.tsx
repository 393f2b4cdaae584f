import Link from "next/link";
import { getTranslations } from "next-intl/server";

const FEATURES = ["balance", "cards", "sessions", "map"] as const;

export default async function LandingPage() {
  const t = await getTranslations("landing");
  return (
    <div className="space-y-10">
      <section className="space-y-4 py-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/signup"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("createAccount")}
          </Link>
          <Link
            href="/signin"
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {t("signIn")}
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          {t("featuresHeading")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li
              key={feature}
              className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold">{t(`features.${feature}.title`)}</h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{t(`features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
