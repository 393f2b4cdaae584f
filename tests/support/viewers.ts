import type { Viewer } from "@/lib/core/auth/viewer";

/** A staff member signed in by e-mail link, as the suites take one: `support-1` or `admin-1` unless `overrides` say. */
export function staffViewer(role: "support" | "admin", overrides: Partial<Viewer> = {}): Viewer {
  return { userId: `${role}-1`, email: `${role}@example.com`, name: null, role, platformUserId: null, ...overrides };
}
