import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "@/lib/core/db/schema";
import { openTestDatabase, testDriver } from "../../support/test-db";
import type { OpenedDatabase } from "@/lib/core/db/connect";

describe(`database on ${testDriver}`, () => {
  let opened: OpenedDatabase;
  beforeAll(async () => {
    opened = await openTestDatabase({ fromScratch: true });
  });
  afterAll(async () => {
    await opened?.close();
  });

  it("applies the migrations and enforces the unique platform link", async () => {
    const { db } = opened;
    await db.insert(users).values({ email: "a@example.com", platformUserId: 5 });
    const [row] = await db.select().from(users).where(eq(users.email, "a@example.com"));
    expect(row?.role).toBe("driver");
    await expect(db.insert(users).values({ email: "b@example.com", platformUserId: 5 })).rejects.toThrow();
  });
});
