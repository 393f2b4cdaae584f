import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";

/**
 * A page whose platform data could not be loaded: what went wrong in plain words and what to do
 * next. The retry is a plain link, so it works before (or without) JavaScript.
 */
export function LoadError({ title, message, retryHref }: { title: string; message: string; retryHref: string }) {
  const t = useTranslations("ui");
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <p className="mt-2">
        {t.rich("loadError.retry", {
          retry: (words) => (
            <a href={retryHref} className="font-semibold underline">
              {words}
            </a>
          ),
        })}
      </p>
    </Alert>
  );
}
