import type { Metadata } from "next";
import { requireStaffPage } from "@/lib/auth/guards";
import { getConfig } from "@/lib/config";
import { NewDriverForm } from "@/components/account/new-driver-form";
import { createDriverAction } from "@/lib/admin/actions/create-driver";

export const metadata: Metadata = { title: "Create a driver" };

export default async function CreateDriverPage() {
  await requireStaffPage();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold">Create a driver</h1>
      <p className="text-slate-700 dark:text-slate-300">
        Creates the driver&apos;s charging account in the partner&apos;s user group. An e-mail address that already has
        an account is never created twice. Fields marked * are required.
      </p>
      <NewDriverForm audience="staff" action={createDriverAction} dialect={getConfig().platform.dialect} />
    </div>
  );
}
