/**
 * A modal <dialog> named by its title and described by its text; opened with showModal(), the browser
 * moves focus in, keeps it there and closes it on Escape. `id` prefixes the title's and the text's ids.
 */
export function ModalDialog({
  ref,
  id,
  title,
  text,
  width,
  onClose,
  children,
}: {
  ref: React.Ref<HTMLDialogElement>;
  id: string;
  title: string;
  text: string;
  /** A max-w-* class: how wide it gets on a large screen. */
  width: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm">
        {text}
      </p>
      {children}
    </dialog>
  );
}
