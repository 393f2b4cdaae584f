import { Alert } from "@/components/ui/alert";

/**
 * A page whose platform data could not be loaded: what went wrong in plain words and what to do
 * next. The retry is a plain link, so it works before (or without) JavaScript.
 */
export function LoadError({ title, message, retryHref }: { title: string; message: string; retryHref: string }) {
  return (
    <Alert tone="error" title={title}>
      <p>{message}</p>
      <p className="mt-2">
        <a href={retryHref} className="font-semibold underline">
          Try again
        </a>{" "}
        or, if it keeps happening, contact support.
      </p>
    </Alert>
  );
}
