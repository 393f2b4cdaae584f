"use server";
import "server-only";
import { staffAction } from "@/lib/features/admin/staff-action";
import { staffCardStatusSpec } from "@/lib/features/admin/card-action-spec";

export const blockCardForDriverAction = staffAction(staffCardStatusSpec("block"));
