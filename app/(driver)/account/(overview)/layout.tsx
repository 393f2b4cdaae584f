import { clientWordsLayout } from "@/components/layout/client-words";

/** The overview's client components: the balance, the recent sessions' table and the running session's panel. */
export default clientWordsLayout("accountOverview");
