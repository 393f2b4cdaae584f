/**
 * The emulator's stored form of a point: the API's own compact shape (reference objects replaced
 * by IDs), exactly as the real fixtures have it. Loose on purpose: fixture records carry many more
 * fields than the emulator looks at, and all of them are served back unchanged.
 */
export interface EmulatorConnection {
  ID: number;
  ConnectionTypeID?: number | null;
  StatusTypeID?: number | null;
  LevelID?: number | null;
  CurrentTypeID?: number | null;
  PowerKW?: number | null;
  Quantity?: number | null;
  [field: string]: unknown;
}

export interface EmulatorAddressInfo {
  ID: number;
  Latitude: number;
  Longitude: number;
  CountryID?: number | null;
  [field: string]: unknown;
}

export interface EmulatorPoi {
  ID: number;
  DataProviderID?: number | null;
  OperatorID?: number | null;
  UsageTypeID?: number | null;
  StatusTypeID?: number | null;
  SubmissionStatusTypeID?: number | null;
  DateLastVerified?: string | null;
  AddressInfo: EmulatorAddressInfo;
  Connections?: EmulatorConnection[] | null;
  [field: string]: unknown;
}

/** The parts of `/v3/referencedata/` the emulator reads; the file itself is served whole. */
export interface EmulatorReferenceData {
  ConnectionTypes: { ID: number; [field: string]: unknown }[];
  CurrentTypes: { ID: number; [field: string]: unknown }[];
  ChargerTypes: { ID: number; [field: string]: unknown }[];
  Countries: { ID: number; ISOCode?: string | null; [field: string]: unknown }[];
  DataProviders: { ID: number; [field: string]: unknown }[];
  Operators: { ID: number; [field: string]: unknown }[];
  StatusTypes: { ID: number; [field: string]: unknown }[];
  SubmissionStatusTypes: { ID: number; [field: string]: unknown }[];
  UsageTypes: { ID: number; [field: string]: unknown }[];
  [field: string]: unknown;
}
