/** Every action the admin area records, with the words the audit page shows. Pure. */
export const AUDIT_ACTION_LABELS = {
  "driver.create": "Create driver",
  "driver.profile.update": "Edit profile",
  "driver.email.change": "Change e-mail",
  "driver.password-reset.start": "Start password reset",
  "driver.app-password-link.send": "Mail app-password link",
  "driver.voucher.redeem": "Redeem voucher",
  "driver.signin-link.send": "Send sign-in link",
  "driver.expense-pack.download": "Download expense pack",
  "driver.deletion.request": "Deletion requested (driver)",
  "driver.deletion.cancel": "Deletion cancelled (driver)",
  "driver.deletion.platform": "Deletion: platform and cards",
  "driver.deletion.portal": "Deletion: portal account",
  "driver.deletion.decline": "Deletion declined",
  "card.link": "Link card",
  "card.block": "Block card",
  "card.resume": "Resume or unblock card",
  "card.move": "Move card",
  "card.move.block": "Move card: block on first driver",
  "card.move.link": "Move card: link to second driver",
  "card.move.undo": "Move card: undo (reactivate)",
  "role.grant": "Grant staff role",
  "role.revoke": "Revoke staff role",
  "staff.passkeys.reset": "Reset staff passkeys",
  "role.invite.withdraw": "Withdraw staff invite",
  "role.invite.redeem": "Redeem staff invite",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
