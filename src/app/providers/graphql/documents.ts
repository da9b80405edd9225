/**
 * The GraphQL documents `@refinedev/graphql` sends, written from the entity definitions and the
 * signed-in role's readable fields: a record's page asks for what the role may read, as a REST
 * answer holds, and never a field the role's schema does not have.
 */
import gql from "graphql-tag";
import type { DocumentNode } from "graphql";
import { allFields, getEntity, type ResourceName } from "../../../domain/entities";
import { graphqlNames } from "../../../domain/graphql-names";
import { readableFields, type AppAbility } from "../../../domain/policy";

export type DocumentKind = "list" | "one" | "create" | "update" | "delete" | "updateMany" | "deleteMany";

const cache = new Map<string, DocumentNode>();

export function selectionOf(ability: AppAbility, resource: ResourceName): string[] {
  const fields = allFields(getEntity(resource));
  return readableFields(ability, resource).filter((f) => Object.prototype.hasOwnProperty.call(fields, f));
}

export function documentFor(ability: AppAbility, resource: ResourceName, kind: DocumentKind): DocumentNode {
  const selection = selectionOf(ability, resource);
  const key = `${resource}:${kind}:${selection.join(",")}`;
  let doc = cache.get(key);
  if (!doc) {
    doc = gql(source(resource, kind, selection.join(" ")));
    cache.set(key, doc);
  }
  return doc;
}

function source(resource: ResourceName, kind: DocumentKind, fields: string): string {
  const n = graphqlNames(getEntity(resource));
  switch (kind) {
    case "list":
      return `query ${n.type}List($filter: ${n.type}Filter, $sorting: [${n.type}Sort!], $paging: OffsetPaging) {
        ${n.list}(filter: $filter, sorting: $sorting, paging: $paging) { totalCount nodes { ${fields} } } }`;
    case "one":
      return `query ${n.type}One($id: ID!) { ${n.one}(id: $id) { ${fields} } }`;
    case "create":
      return `mutation ${n.createOne}($input: CreateOne${n.type}Input!) { ${n.createOne}(input: $input) { ${fields} } }`;
    case "update":
      return `mutation ${n.updateOne}($input: UpdateOne${n.type}Input!) { ${n.updateOne}(input: $input) { ${fields} } }`;
    case "delete":
      return `mutation ${n.deleteOne}($input: DeleteOne${n.type}Input!) { ${n.deleteOne}(input: $input) { ${fields} } }`;
    case "updateMany":
      return `mutation ${n.updateMany}($input: UpdateMany${n.type}Input!) { ${n.updateMany}(input: $input) { updatedCount results { id status code message errors } } }`;
    case "deleteMany":
      return `mutation ${n.deleteMany}($input: DeleteMany${n.type}Input!) { ${n.deleteMany}(input: $input) { deletedCount } }`;
  }
}

/** transitionOrder's answer is the order as its reader may see it: the same selection as its page's. */
export const transitionDocument = (ability: AppAbility) => {
  const fields = selectionOf(ability, "orders").join(" ");
  const key = `transition:${fields}`;
  let doc = cache.get(key);
  if (!doc) {
    doc = gql(`mutation TransitionOrder($input: TransitionOrderInput!) { transitionOrder(input: $input) { ${fields} } }`);
    cache.set(key, doc);
  }
  return doc;
};

export const DASHBOARD = gql`
  query Dashboard {
    dashboard
  }
`;
