/**
 * The admin server actions of the card, driver and role pages, by group. Imported on call, so a suite's
 * `vi.mock`s (platform, database, viewer) are in place before the first action module loads.
 */
export async function adminActionModules() {
  return {
    cards: {
      ...(await import("@/lib/features/admin/actions/link-card-for-driver")),
      ...(await import("@/lib/features/admin/actions/block-card-for-driver")),
      ...(await import("@/lib/features/admin/actions/resume-card-for-driver")),
      ...(await import("@/lib/features/admin/actions/move-card-step")),
    },
    driver: {
      ...(await import("@/lib/features/admin/actions/update-driver-profile")),
      ...(await import("@/lib/features/admin/actions/correct-driver-billing-details")),
      ...(await import("@/lib/features/admin/actions/change-driver-email")),
      ...(await import("@/lib/features/admin/actions/start-driver-password-reset")),
      ...(await import("@/lib/features/admin/actions/redeem-voucher-for-driver")),
      ...(await import("@/lib/features/admin/actions/force-stop-session")),
    },
    roles: {
      ...(await import("@/lib/features/admin/actions/grant-staff-role")),
      ...(await import("@/lib/features/admin/actions/revoke-staff-role")),
      ...(await import("@/lib/features/admin/actions/withdraw-staff-invite")),
      ...(await import("@/lib/features/admin/actions/reset-staff-passkeys")),
      ...(await import("@/lib/features/admin/actions/change-staff-email")),
    },
  };
}
