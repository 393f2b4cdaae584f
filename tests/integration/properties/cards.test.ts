import { describe } from "vitest";
import { addCardAction } from "@/lib/features/cards/actions/add-card";
import { blockCardAction } from "@/lib/features/cards/actions/block-card";
import { pauseCardAction } from "@/lib/features/cards/actions/pause-card";
import { resumeCardAction } from "@/lib/features/cards/actions/resume-card";
import { cardCodeValue, driverSideViewer, formArb, idValue, visualNumberValue } from "./arbitraries";
import { checkActionProperty } from "./checks";

// `status` is not on the driver's form; a crafted request may still send one.
const addCardForm = formArb({ code: cardCodeValue, visualNumber: visualNumberValue });
const blockCardForm = formArb({ cardId: idValue });

describe("card actions: only validation errors, never a crash", () => {
  checkActionProperty({ name: "addCardAction", action: addCardAction, form: addCardForm, viewer: driverSideViewer });
  // Blocking is one-way: start again from the seeded cards now and then, so "ok" stays reachable.
  checkActionProperty({
    name: "blockCardAction",
    action: blockCardAction,
    form: blockCardForm,
    viewer: driverSideViewer,
    reseed: true,
  });
  // Pause and resume undo each other, so both stay reachable without a reseed.
  checkActionProperty({
    name: "pauseCardAction",
    action: pauseCardAction,
    form: blockCardForm,
    viewer: driverSideViewer,
  });
  checkActionProperty({
    name: "resumeCardAction",
    action: resumeCardAction,
    form: blockCardForm,
    viewer: driverSideViewer,
  });
});
