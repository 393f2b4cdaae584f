import { SessionsSkeleton } from "@/components/sessions/sessions-skeleton";

export default function SessionsLoading() {
  return <SessionsSkeleton />;
}
