import { clientWordsLayout } from "@/components/layout/client-words";

export default clientWordsLayout("appPasswordLink");
