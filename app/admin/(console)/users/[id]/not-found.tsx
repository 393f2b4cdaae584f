import Link from "next/link";

/** An unknown or malformed driver id: say so and lead back to the search. */
export default function DriverNotFound() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Driver not found</h1>
      <p>There is no driver with this platform user id.</p>
      <Link href="/admin/users" className="font-semibold text-brand-700 underline dark:text-brand-100">
        Find a driver
      </Link>
    </div>
  );
}
