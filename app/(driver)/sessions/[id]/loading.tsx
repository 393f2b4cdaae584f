import { SessionDetailSkeleton } from "@/components/sessions/sessions-skeleton";

export default function SessionDetailLoading() {
  return <SessionDetailSkeleton />;
}
