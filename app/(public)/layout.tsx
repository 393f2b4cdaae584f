import { AudienceFrame } from "@/components/layout/audience-frame";
import { SignedOutLinks } from "@/components/layout/header-link";

export default function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <AudienceFrame audience="public" header={<SignedOutLinks />} roomy>
      {children}
    </AudienceFrame>
  );
}
