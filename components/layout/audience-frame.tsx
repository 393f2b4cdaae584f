import { CLIENT_NAMESPACES, type Audience } from "./client-namespaces";
import { AccountMenu } from "./account-menu";
import { ClientWords } from "./client-words";
import { SiteHeader } from "./site-header";

/**
 * A route group's frame: the site header with what the group offers there (`header`) and, for a
 * signed-in viewer, the account menu; then the main region, whose client components get the audience's words.
 */
export function AudienceFrame({
  audience,
  header,
  accountEmail,
  roomy = false,
  children,
}: {
  audience: Audience;
  header: React.ReactNode;
  accountEmail?: string;
  /** The public pages' spacing (py-8); the signed-in areas have py-6. */
  roomy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <>
      <SiteHeader account={accountEmail !== undefined && <AccountMenu email={accountEmail} />}>{header}</SiteHeader>
      <main id="main" className={roomy ? "mx-auto max-w-6xl px-4 py-8" : "mx-auto max-w-6xl px-4 py-6"}>
        {/* An audience with only the root's words (the driver area) needs no second provider. */}
        {CLIENT_NAMESPACES[audience] === CLIENT_NAMESPACES.everyPage ? (
          children
        ) : (
          <ClientWords audience={audience}>{children}</ClientWords>
        )}
      </main>
    </>
  );
}
