import { describe, expect, it } from "vitest";
import {
  inspectMove,
  moveCard,
  MoveRefusedError,
  retryMoveLink,
  undoMove,
  type MoveDeps,
} from "@/lib/features/admin/move-card";
import { CardNotOwnedError } from "@/lib/features/cards/service";
import type { AuditEntryInput } from "@/lib/core/audit";
import type { Viewer } from "@/lib/core/auth/viewer";
import { PlatformUnavailableError, PlatformValidationError } from "@/lib/platform/errors";
import type { Card, CardStatus, CreateCardInput } from "@/lib/platform/types";
import { translatorFor } from "@/lib/core/i18n/translator";
import { platformErrorMessage } from "@/lib/core/platform-errors-to-messages";

const actor: Viewer = {
  userId: "staff-1",
  email: "support@example.com",
  name: null,
  role: "support",
  platformUserId: null,
};
const t = translatorFor("en");
/** A refused move's words (its message is a catalogue key). */
const refusalWords = (move: Promise<unknown>) =>
  move.then(
    () => "no refusal",
    (error: unknown) => (error instanceof MoveRefusedError ? t(error.key, error.values) : String(error)),
  );
const SOURCE = 1001;
const TARGET = 1002;
const OTHER = 1003;

/**
 * An in-memory platform with the one rule the move is about: after every change, no card code may
 * be active on two drivers. Faults are scripted per call.
 */
type SeedCard = Pick<Card, "id" | "userId" | "code" | "status"> & { type?: Card["type"] };

function fakePlatform(initial: SeedCard[]) {
  let nextId = 5000;
  const cards: Card[] = initial.map((c) => ({ createdAt: null, visualNumber: `V-${c.id}`, type: "rfid", ...c }));
  const calls: string[] = [];
  const audits: AuditEntryInput[] = [];
  const violations: string[] = [];
  const faults: { create?: "before" | "after"; block?: "before" } = {};

  function checkInvariant() {
    const active = cards.filter((c) => c.status === "active");
    for (const card of active) {
      if (active.some((o) => o.code === card.code && o.userId !== card.userId))
        violations.push(`${card.code} active on two drivers`);
    }
  }
  const unavailable = () => new PlatformUnavailableError("tokens.create", "server", { status: 503 });

  const deps: MoveDeps = {
    async listDriverCards(userId) {
      calls.push(`list user ${userId}`);
      return cards.filter((c) => c.userId === userId).map((c) => ({ ...c }));
    },
    async blockDriverCard(userId, cardId) {
      calls.push(`block ${cardId}`);
      if (faults.block === "before") {
        delete faults.block;
        throw new PlatformUnavailableError("tokens.update", "server", { status: 503 });
      }
      const card = cards.find((c) => c.id === cardId && c.userId === userId);
      if (!card) throw new CardNotOwnedError(cardId);
      card.status = "blocked";
      checkInvariant();
      return { ...card };
    },
    async createCard(input: CreateCardInput) {
      calls.push(`create ${input.code} for ${input.userId}`);
      if (faults.create === "before") {
        delete faults.create;
        throw unavailable();
      }
      if (
        input.status === "active" &&
        cards.some((c) => c.code === input.code && c.status === "active" && c.userId !== input.userId)
      ) {
        throw new PlatformValidationError("tokens.create", {
          code: ["The card is already active on another account."],
        });
      }
      const card: Card = {
        id: nextId++,
        userId: input.userId,
        code: input.code,
        visualNumber: input.visualNumber,
        type: "rfid",
        status: input.status ?? "active",
        createdAt: null,
      };
      cards.push(card);
      checkInvariant();
      if (faults.create === "after") {
        delete faults.create;
        throw unavailable();
      }
      return { ...card };
    },
    async setCardStatus(cardId, status: CardStatus) {
      calls.push(`set ${cardId} ${status}`);
      const card = cards.find((c) => c.id === cardId);
      if (!card) throw new Error("no such card");
      card.status = status;
      checkInvariant();
      return { ...card };
    },
    async linksOfCode(code) {
      return cards.filter((c) => c.code === code).map((c) => ({ ...c }));
    },
    audit: async (entry) => {
      audits.push(entry);
    },
  };
  return { deps, cards, calls, audits, violations, faults };
}

const request = { sourceUserId: SOURCE, cardId: 2001, targetUserId: TARGET };
const seed = () => fakePlatform([{ id: 2001, userId: SOURCE, code: "04A1B2C3D4E5F6", status: "active" }]);
const statusOf = (p: ReturnType<typeof seed>, userId: number) =>
  p.cards.filter((c) => c.userId === userId && c.code === "04A1B2C3D4E5F6").map((c) => c.status);

describe("moving a card between drivers", () => {
  it("blocks on the source before it links to the target, and audits both steps", async () => {
    const p = seed();
    const state = await moveCard(actor, request, p.deps);
    expect(state.step).toBe("done");
    expect(statusOf(p, SOURCE)).toEqual(["blocked"]);
    expect(statusOf(p, TARGET)).toEqual(["active"]);
    expect(p.calls.indexOf("block 2001")).toBeLessThan(p.calls.indexOf(`create 04A1B2C3D4E5F6 for ${TARGET}`));
    expect(p.violations).toEqual([]);
    expect(p.audits.map((a) => [a.action, a.outcome, a.targetPlatformUserId])).toEqual([
      ["card.move.block", "success", SOURCE],
      ["card.move.link", "success", TARGET],
    ]);
    expect(p.audits[1]?.details).toMatchObject({ sourceUserId: SOURCE, targetUserId: TARGET, cardId: 2001 });
  });

  it("leaves the card blocked and says so when the create fails, and a retry completes it", async () => {
    const p = seed();
    p.faults.create = "before";
    const failed = await moveCard(actor, request, p.deps);
    expect(failed.step).toBe("blocked-on-source");
    // The action words the failure for staff.
    const why = failed.step === "blocked-on-source" ? failed.error : null;
    expect(platformErrorMessage(t, why, "admin.doing.linkToOtherDriver")).toMatch(/did not answer/);
    expect(statusOf(p, SOURCE)).toEqual(["blocked"]);
    expect(statusOf(p, TARGET)).toEqual([]);
    expect(await inspectMove(request, p.deps)).toMatchObject({ step: "blocked-on-source" });
    expect(p.audits.map((a) => [a.action, a.outcome])).toEqual([
      ["card.move.block", "success"],
      ["card.move.link", "failure"],
    ]);

    const retried = await retryMoveLink(actor, request, p.deps);
    expect(retried.step).toBe("done");
    expect(statusOf(p, TARGET)).toEqual(["active"]);
    expect(p.violations).toEqual([]);
    expect(p.audits.at(-1)).toMatchObject({ action: "card.move.link", outcome: "success" });
  });

  it("undo after a failed link reactivates the card on the source only", async () => {
    const p = seed();
    p.faults.create = "before";
    await moveCard(actor, request, p.deps);
    const card = await undoMove(actor, request, p.deps);
    expect(card.status).toBe("active");
    expect(statusOf(p, SOURCE)).toEqual(["active"]);
    expect(statusOf(p, TARGET)).toEqual([]);
    expect(p.audits.at(-1)).toMatchObject({
      action: "card.move.undo",
      outcome: "success",
      targetPlatformUserId: SOURCE,
    });
    await expect(retryMoveLink(actor, request, p.deps)).rejects.toBeInstanceOf(MoveRefusedError);
  });

  it("a create that landed although its answer was lost counts as done and is not sent twice", async () => {
    const p = seed();
    p.faults.create = "after";
    const state = await moveCard(actor, request, p.deps);
    expect(state.step).toBe("done");
    expect(p.calls.filter((c) => c.startsWith("create"))).toHaveLength(1);
    expect(statusOf(p, TARGET)).toEqual(["active"]);
  });

  it("a failed block moves nothing", async () => {
    const p = seed();
    p.faults.block = "before";
    await expect(moveCard(actor, request, p.deps)).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(statusOf(p, SOURCE)).toEqual(["active"]);
    expect(p.calls.some((c) => c.startsWith("create"))).toBe(false);
    expect(p.audits.map((a) => [a.action, a.outcome])).toEqual([["card.move.block", "failure"]]);
  });

  it("reactivates an inactive link the target already holds instead of creating a second one", async () => {
    const p = fakePlatform([
      { id: 2001, userId: SOURCE, code: "04A1B2C3D4E5F6", status: "active" },
      { id: 2009, userId: TARGET, code: "04A1B2C3D4E5F6", status: "inactive" },
    ]);
    const state = await moveCard(actor, request, p.deps);
    expect(state).toMatchObject({ step: "done", targetCard: { id: 2009, status: "active" } });
    expect(p.calls.some((c) => c.startsWith("create"))).toBe(false);
    expect(p.violations).toEqual([]);
  });

  it("refuses what it must not do, before any change", async () => {
    const p = fakePlatform([
      { id: 2001, userId: SOURCE, code: "04A1B2C3D4E5F6", status: "active" },
      { id: 2002, userId: OTHER, code: "04A1B2C3D4E5F6", status: "active" },
      { id: 2005, userId: SOURCE, code: "APP0001001", status: "active", type: "app" },
    ]);
    await expect(moveCard(actor, { ...request, targetUserId: SOURCE }, p.deps)).rejects.toBeInstanceOf(
      MoveRefusedError,
    );
    await expect(moveCard(actor, { ...request, cardId: 9999 }, p.deps)).rejects.toBeInstanceOf(CardNotOwnedError);
    await expect(refusalWords(moveCard(actor, { ...request, cardId: 2005 }, p.deps))).resolves.toMatch(/App tokens/);
    await expect(refusalWords(moveCard(actor, request, p.deps))).resolves.toMatch(/also active on driver 1003/);
    expect(p.calls.some((c) => c.startsWith("block") || c.startsWith("create") || c.startsWith("set"))).toBe(false);
    expect(p.audits).toEqual([]);
  });

  it("a finished move is reported as done; undo then refuses", async () => {
    const p = seed();
    await moveCard(actor, request, p.deps);
    expect(await moveCard(actor, request, p.deps)).toMatchObject({ step: "done" });
    await expect(undoMove(actor, request, p.deps)).rejects.toBeInstanceOf(MoveRefusedError);
    expect(p.calls.filter((c) => c.startsWith("create"))).toHaveLength(1);
  });
});

describe("moving a card where the platform does it in one call (ampeco)", () => {
  /** The fake platform plus a one-step move: the card keeps its id and changes owner at once. */
  function oneStepPlatform(initial: SeedCard[]) {
    const p = fakePlatform(initial);
    p.deps.moveInOneStep = async (cardId, targetUserId) => {
      p.calls.push(`move ${cardId} to ${targetUserId}`);
      const card = p.cards.find((c) => c.id === cardId);
      if (!card) throw new Error("no such card");
      card.userId = targetUserId;
      return { ...card };
    };
    return p;
  }
  const seedOneStep = () => oneStepPlatform([{ id: 2001, userId: SOURCE, code: "04A1B2C3D4E5F6", status: "active" }]);

  it("is one platform change and one audit entry; the card keeps its id and is never active on two drivers", async () => {
    const p = seedOneStep();
    const state = await moveCard(actor, request, p.deps);
    expect(state).toMatchObject({ step: "done", oneStep: true, targetCard: { id: 2001, userId: TARGET } });
    expect(p.calls.filter((c) => !c.startsWith("list"))).toEqual([`move 2001 to ${TARGET}`]);
    expect(statusOf(p, SOURCE)).toEqual([]);
    expect(statusOf(p, TARGET)).toEqual(["active"]);
    expect(p.violations).toEqual([]);
    expect(p.audits.map((a) => [a.action, a.outcome, a.targetPlatformUserId])).toEqual([
      ["card.move.link", "success", TARGET],
    ]);
    expect(p.audits[0]?.details).toMatchObject({ oneStep: true, sourceUserId: SOURCE, cardId: 2001 });
  });

  it("reads a finished move from the target's cards, so a reload shows it done and nothing moves twice", async () => {
    const p = seedOneStep();
    await moveCard(actor, request, p.deps);
    expect(await inspectMove(request, p.deps)).toMatchObject({ step: "done", oneStep: true });
    await moveCard(actor, request, p.deps);
    expect(p.calls.filter((c) => c.startsWith("move"))).toHaveLength(1);
  });

  it("does not move a blocked (lost or stolen) card, and a failed move changes nothing", async () => {
    const blocked = oneStepPlatform([{ id: 2001, userId: SOURCE, code: "04A1B2C3D4E5F6", status: "blocked" }]);
    await expect(refusalWords(moveCard(actor, request, blocked.deps))).resolves.toMatch(/blocked \(lost or stolen\)/);
    expect(blocked.calls.some((c) => c.startsWith("move"))).toBe(false);

    const failing = seedOneStep();
    failing.deps.moveInOneStep = async () => {
      throw new PlatformUnavailableError("idTags.update", "server", { status: 503 });
    };
    await expect(moveCard(actor, request, failing.deps)).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(statusOf(failing, SOURCE)).toEqual(["active"]);
    expect(failing.audits.map((a) => [a.action, a.outcome])).toEqual([["card.move.link", "failure"]]);
  });
});
