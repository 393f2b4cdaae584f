/**
 * Fixed seed content: the people, cards, vouchers and own charge locations the demo and the tests
 * rely on. Exported so the README and tests quote the same values the emulator serves.
 */
export const DEMO_DRIVER_ID = 1001;
export const DEMO_DRIVER_EMAIL = "driver@example.com";
export const SECOND_DRIVER_ID = 1002;
export const SECOND_DRIVER_EMAIL = "second.driver@example.com";
export const NEW_DRIVER_ID = 1003;
export const NEW_DRIVER_EMAIL = "new.driver@example.com";
/** Ids handed out to users created through the API start here. */
export const FIRST_CREATED_USER_ID = 1004;

export const SEED_USERS = [
  {
    id: DEMO_DRIVER_ID,
    email: DEMO_DRIVER_EMAIL,
    firstName: "Demi",
    lastName: "Driver",
    phone: "+31 6 12345678",
    address: "Keizersgracht 123",
    city: "Amsterdam",
    postCode: "1015 CJ",
    country: "NL",
    balanceCents: 4250,
    currency: "EUR",
    createdDaysAgo: 430,
  },
  {
    id: SECOND_DRIVER_ID,
    email: SECOND_DRIVER_EMAIL,
    firstName: "Sam",
    lastName: "Second",
    phone: "+31 6 87654321",
    address: "Oudegracht 45",
    city: "Utrecht",
    postCode: "3511 AB",
    country: "NL",
    balanceCents: 1230,
    currency: "EUR",
    createdDaysAgo: 280,
  },
  {
    id: NEW_DRIVER_ID,
    email: NEW_DRIVER_EMAIL,
    firstName: "Nina",
    lastName: "New",
    phone: null,
    address: null,
    city: null,
    postCode: null,
    country: "NL",
    balanceCents: 0,
    currency: null,
    createdDaysAgo: 1,
  },
] as const;

export const SEED_TOKENS = [
  {
    id: 2001,
    userId: DEMO_DRIVER_ID,
    code: "04A1B2C3D4E5F6",
    visualNumber: "NL-DPT-000123-4",
    type: "rfid",
    status: "active",
    createdDaysAgo: 428,
  },
  {
    id: 2002,
    userId: DEMO_DRIVER_ID,
    code: "04F7E8D9C0B1A2",
    visualNumber: "NL-DPT-000456-7",
    type: "rfid",
    status: "active",
    createdDaysAgo: 300,
  },
  {
    id: 2003,
    userId: DEMO_DRIVER_ID,
    code: "0499AA88BB77CC",
    visualNumber: "NL-DPT-000077-1",
    type: "rfid",
    status: "blocked",
    createdDaysAgo: 429,
  },
  {
    id: 2004,
    userId: SECOND_DRIVER_ID,
    code: "04123456789ABC",
    visualNumber: "NL-DPT-000890-2",
    type: "rfid",
    status: "active",
    createdDaysAgo: 279,
  },
  {
    id: 2005,
    userId: SECOND_DRIVER_ID,
    code: "APP0001002",
    visualNumber: null,
    type: "app",
    status: "inactive",
    createdDaysAgo: 200,
  },
  // Pre-provisioned cards, loaded before they are posted to a driver: no user yet (ampeco only).
  {
    id: 2006,
    userId: null,
    code: "04C0FFEE000001",
    visualNumber: "NL-DPT-001001-5",
    type: "rfid",
    status: "active",
    createdDaysAgo: 30,
  },
  {
    id: 2007,
    userId: null,
    code: "04C0FFEE000002",
    visualNumber: "NL-DPT-001002-3",
    type: "rfid",
    status: "active",
    createdDaysAgo: 30,
  },
] as const;
/** Seeded tags that no user holds yet; their UIDs are for claiming a pre-provisioned card. */
export const UNASSIGNED_TAG_UIDS = ["04C0FFEE000001", "04C0FFEE000002"] as const;
export const FIRST_CREATED_TOKEN_ID = 2008;

export type SeedVoucherStatus = "valid" | "used" | "expired" | "not_applicable";
export const SEED_VOUCHERS: ReadonlyArray<{
  code: string;
  amount: number;
  currency: string;
  status: SeedVoucherStatus;
}> = [
  { code: "WELCOME10", amount: 10, currency: "EUR", status: "valid" },
  { code: "CHARGE25", amount: 25, currency: "EUR", status: "valid" },
  { code: "SPRING5", amount: 5, currency: "EUR", status: "valid" },
  { code: "USED-2025", amount: 15, currency: "EUR", status: "used" },
  { code: "EXPIRED-2024", amount: 10, currency: "EUR", status: "expired" },
  { code: "FLEET-ONLY", amount: 50, currency: "EUR", status: "not_applicable" },
];

export interface SeedLocation {
  id: number;
  name: { nl: string; en: string };
  latitude: number;
  longitude: number;
  street: string;
  number: string;
  city: string;
  /** €/kWh the seeded sessions at this location were billed at (before a small variation). */
  tariff: number;
  evses: SeedEvse[];
  /** Set on a roaming partner's site (ampeco's `roaming.operator.name`); unset on the tenant's own. */
  roamingOperator?: string;
  /** Local opening hours, every day (ampeco's `workingHours`); unset: always open. */
  openingHours?: { start: string; end: string };
}

/** An EVSE; the optional fields are what the ampeco charging routes show (issue 38). */
export interface SeedEvse {
  id: number;
  connectors: Array<{ type: string; power: number }>;
  /** ampeco's `tariffGroupId`; unset: the default free tariff. */
  tariffGroupId?: number;
  /** The operator's status when not `active`. */
  status?: "disabled" | "out of order";
  /** A hardware status the charge point reports whatever the sessions do. */
  fault?: "unavailable" | "faulted";
  /** Opened after the seeded history: no seeded session is on it (so the history stays what other suites expect). */
  opened?: "recently";
}

/** Tariff groups of the seed's EVSEs (ampeco/tariff-book.ts). */
export const AC_TARIFF_GROUP_ID = 21;
export const DC_TARIFF_GROUP_ID = 22;
export const FLEET_TARIFF_GROUP_ID = 29;

/** The EVSEs the seeded history may use: those that were there when it happened. */
export const historicEvses = (location: SeedLocation) => location.evses.filter((e) => e.opened === undefined);

/**
 * Own locations. Sessions point at these ids (or at a roaming site's); they are only served when `seedLocations`
 * is on, so without it (the contract's default) the portal meets a session whose location answers 404.
 */
export const SEED_LOCATIONS: readonly SeedLocation[] = [
  {
    id: 501,
    name: { nl: "Laadplein Westerpark", en: "Westerpark Charging Hub" },
    latitude: 52.3866,
    longitude: 4.8752,
    street: "Haarlemmerweg",
    number: "8",
    city: "Amsterdam",
    tariff: 0.39,
    evses: [
      { id: 50101, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID },
      { id: 50102, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID },
    ],
  },
  {
    id: 502,
    name: { nl: "Snellader Zuidas", en: "Zuidas Fast Charger" },
    latitude: 52.3383,
    longitude: 4.8735,
    street: "Gustav Mahlerlaan",
    number: "10",
    city: "Amsterdam",
    tariff: 0.59,
    evses: [
      { id: 50201, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID },
      { id: 50202, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID },
      { id: 50203, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID, opened: "recently" },
      // A fleet's bay: its tariff group lets only the fleet partner's drivers charge.
      {
        id: 50204,
        connectors: [{ type: "Type 2", power: 11 }],
        tariffGroupId: FLEET_TARIFF_GROUP_ID,
        opened: "recently",
      },
    ],
  },
  {
    id: 503,
    name: { nl: "P+R Science Park", en: "Park and Ride Science Park" },
    latitude: 52.0853,
    longitude: 5.1763,
    street: "Heidelberglaan",
    number: "2",
    city: "Utrecht",
    tariff: 0.45,
    evses: [{ id: 50301, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID }],
    openingHours: { start: "06:00", end: "23:00" },
  },
  {
    id: 504,
    name: { nl: "Station Haarlem Noord", en: "Haarlem Station North" },
    latitude: 52.388,
    longitude: 4.6383,
    street: "Stationsplein",
    number: "1",
    city: "Haarlem",
    tariff: 0.35,
    evses: [
      { id: 50401, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID },
      { id: 50402, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID },
      {
        id: 50403,
        connectors: [{ type: "Type 2", power: 22 }],
        tariffGroupId: AC_TARIFF_GROUP_ID,
        opened: "recently",
        fault: "unavailable",
      },
      {
        id: 50404,
        connectors: [{ type: "Type 2", power: 22 }],
        tariffGroupId: AC_TARIFF_GROUP_ID,
        opened: "recently",
        status: "out of order",
        fault: "faulted",
      },
      // The station's new bays, which no seeded session has used.
      { id: 50405, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID, opened: "recently" },
      { id: 50406, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID, opened: "recently" },
      { id: 50407, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID, opened: "recently" },
      { id: 50408, connectors: [{ type: "CCS2", power: 50 }], tariffGroupId: DC_TARIFF_GROUP_ID, opened: "recently" },
      { id: 50409, connectors: [{ type: "Type 2", power: 22 }], tariffGroupId: AC_TARIFF_GROUP_ID, opened: "recently" },
    ],
  },
];

/**
 * A roaming partner's sites, which an AMPECO tenant lists beside its own (the `roamingLocations` setting). Some of the
 * demo driver's sessions ran at them (seed.ts); the map leaves them out of the own locations.
 */
export const SEED_ROAMING_LOCATIONS: readonly SeedLocation[] = [
  {
    id: 901,
    name: { nl: "Partnerlaadplein Sloterdijk", en: "Partner hub Sloterdijk" },
    latitude: 52.3889,
    longitude: 4.8377,
    street: "Orlyplein",
    number: "10",
    city: "Amsterdam",
    tariff: 0.55,
    evses: [{ id: 90101, connectors: [{ type: "CCS2", power: 150 }] }],
    roamingOperator: "Partner CPO",
  },
  {
    id: 902,
    name: { nl: "Partnerlader Amstel", en: "Partner charger Amstel" },
    latitude: 52.3467,
    longitude: 4.9176,
    street: "Julianaplein",
    number: "1",
    city: "Amsterdam",
    tariff: 0.49,
    evses: [{ id: 90201, connectors: [{ type: "Type 2", power: 22 }] }],
    roamingOperator: "Partner CPO",
  },
];
