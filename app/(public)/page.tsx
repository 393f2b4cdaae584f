import Link from "next/link";

const features = [
  {
    title: "Balance and vouchers",
    text: "See your balance in your account currency and redeem voucher codes in seconds.",
  },
  { title: "RFID cards", text: "Add a charging card, and block it at once when it is lost or stolen." },
  {
    title: "Charging sessions",
    text: "Every session with energy, cost and duration; watch a running session live and export CSV for expense claims.",
  },
  { title: "Public charge points", text: "Find nearby public charge points by connector type and power." },
];

export default function LandingPage() {
  return (
    <div className="space-y-10">
      <section className="space-y-4 py-6">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Your charging account, in one place</h1>
        <p className="max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          Check your balance, manage your RFID cards, follow your charging sessions and find public charge points.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link
            href="/signup"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Create an account
          </Link>
          <Link
            href="/signin"
            className="rounded-md border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Sign in
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          What you can do
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {features.map((f) => (
            <li
              key={f.title}
              className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            >
              <h3 className="font-semibold">{f.title}</h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
