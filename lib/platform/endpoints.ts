import "server-only";
import type { AmpecoEndpointName } from "./dialects/ampeco/endpoints";
import type { SpecEndpointName } from "./dialects/spec/endpoints";
import type { EndpointSpec } from "./endpoint-spec";

/** Every dialect's endpoint names: a call, its error and its log line name one of them. */
export type EndpointName = SpecEndpointName | AmpecoEndpointName;

/** One dialect's table: the endpoints it has; calling one it lacks is a programming error. */
export type EndpointTable = Partial<Record<EndpointName, EndpointSpec>>;
