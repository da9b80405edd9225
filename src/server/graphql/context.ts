/** What a GraphQL resolver is given: the request's context and the services REST calls too. */
import type DataLoader from "dataloader";
import type { ResourceName } from "../../domain/entities";
import type { RequestContext } from "../context";
import type { Row } from "../db-shape";
import type { ResourceService } from "../resources";

export interface GraphqlContext {
  ctx: RequestContext;
  service: ResourceService;
  /** The records of one resource by id, as the reader may see them, asked for a whole page at once. */
  references(resource: ResourceName): DataLoader<number, Record<string, unknown> | null>;
  strip(resource: ResourceName, row: Row): Record<string, unknown>;
  transition(id: number, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  dashboard(): Promise<Record<string, unknown>>;
  /** The live events of this request's one-record mutations that committed: the answer's X-Event-Ids. */
  ownEvents: number[];
}
