/** Every action the admin area records, with the words the audit page shows. Pure. */
export const AUDIT_ACTION_LABELS = {
  "driver.create": "Create driver",
  "driver.profile.update": "Edit profile",
  "driver.email.change": "Change e-mail",
  "driver.password-reset.start": "Start password reset",
  "driver.voucher.redeem": "Redeem voucher",
  "driver.signin-link.send": "Send sign-in link",
  "card.link": "Link card",
  "card.block": "Block card",
  "card.move": "Move card",
  "card.move.block": "Move card: block on first driver",
  "card.move.link": "Move card: link to second driver",
  "card.move.undo": "Move card: undo (reactivate)",
  "role.grant": "Grant staff role",
  "role.revoke": "Revoke staff role",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
