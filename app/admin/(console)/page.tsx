import { redirect } from "next/navigation";
import { requireStaffPage } from "@/lib/core/auth/guards";

/** /admin is where staff land after sign-in; the driver search is the start of every support task. */
export default async function AdminHome() {
  await requireStaffPage();
  redirect("/admin/users");
}
