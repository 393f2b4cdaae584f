import Link from "next/link";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { INLINE_LINK_CLASS } from "@/components/ui/rich-text";

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

/** A list that could not be read, inside its card: why, then a plain link (`retry` its words) that reads it again. */
export function RetryAlert(props: { title: string; message: string; retryHref: string; retry: string }) {
  return (
    <Alert tone="error" title={props.title}>
      {props.message}{" "}
      <Link href={props.retryHref} className={INLINE_LINK_CLASS} prefetch={false}>
        {props.retry}
      </Link>
    </Alert>
  );
}
