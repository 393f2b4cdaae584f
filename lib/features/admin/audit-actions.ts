/** Audit action names (data, stored as they are) with the catalogue key of their label. Pure. */
export const AUDIT_ACTION_KEYS = {
  "driver.create": "driverCreate",
  "driver.profile.update": "driverProfileUpdate",
  "driver.billing-details.update": "driverBillingDetailsUpdate",
  "driver.email.change": "driverEmailChange",
  "driver.password-reset.start": "driverPasswordResetStart",
  "driver.app-password-link.send": "driverAppPasswordLinkSend",
  "driver.voucher.redeem": "driverVoucherRedeem",
  "driver.session.force-stop": "driverSessionForceStop",
  "driver.signin-link.send": "driverSigninLinkSend",
  "driver.expense-pack.download": "driverExpensePackDownload",
  "driver.invoice.download": "driverInvoiceDownload",
  "driver.deletion.request": "driverDeletionRequest",
  "driver.deletion.cancel": "driverDeletionCancel",
  "driver.deletion.platform": "driverDeletionPlatform",
  "driver.deletion.portal": "driverDeletionPortal",
  "driver.deletion.decline": "driverDeletionDecline",
  "card.link": "cardLink",
  "card.block": "cardBlock",
  "card.resume": "cardResume",
  "card.move": "cardMove",
  "card.move.block": "cardMoveBlock",
  "card.move.link": "cardMoveLink",
  "card.move.undo": "cardMoveUndo",
  "role.grant": "roleGrant",
  "role.revoke": "roleRevoke",
  "staff.passkeys.reset": "staffPasskeysReset",
  "role.invite.withdraw": "roleInviteWithdraw",
  "role.invite.redeem": "roleInviteRedeem",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_KEYS;
export type AuditActionKey = (typeof AUDIT_ACTION_KEYS)[AuditAction];

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_KEYS) as AuditAction[];

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_KEYS, action);
}

/** The label's key under `audit.actions`, or null for a name the portal no longer records (shown as it is). */
export function auditActionKey(action: string): AuditActionKey | null {
  return isAuditAction(action) ? AUDIT_ACTION_KEYS[action] : null;
}
