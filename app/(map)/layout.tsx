import { redirect } from "next/navigation";
import { OpenFrame } from "@/components/layout/open-frame";
import { canViewMap } from "@/lib/features/map/access";

/** The map has its own group because it is open to signed-out visitors (unless MAP_PUBLIC=false). */
export default async function MapLayout({ children }: { children: React.ReactNode }) {
  if (!(await canViewMap())) redirect("/signin?callbackUrl=%2Fmap");
  return (
    <OpenFrame audience="map" returnTo="/map">
      {children}
    </OpenFrame>
  );
}
