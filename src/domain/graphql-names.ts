/**
 * The GraphQL names of a resource, shared by the server that builds the schema and the app that
 * writes its documents. They follow the nestjs-query conventions `@refinedev/graphql` expects:
 * a list field answering `{ nodes, totalCount }`, `createOne<Type>`, `updateOne<Type>`, … —
 * with the type named from the definition's singular, since "staff" is its own singular.
 */
import type { EntityDef } from "./fields";

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (s: string) =>
  words(s)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");
const camel = (s: string) => {
  const p = pascal(s);
  return p[0].toLowerCase() + p.slice(1);
};

export interface GraphqlNames {
  /** The record's type: Customer, StaffMember, AuditEvent. */
  type: string;
  /** The list query: customers, staff, auditEvents. */
  list: string;
  /** The one-record query: customer, staffMember, auditEvent. */
  one: string;
  createOne: string;
  updateOne: string;
  deleteOne: string;
  updateMany: string;
  deleteMany: string;
  /** The key of createOne's input that holds the new record: { input: { customer: {...} } }. */
  createInputKey: string;
}

export function graphqlNames(def: Pick<EntityDef, "name" | "singular">): GraphqlNames {
  const type = pascal(def.singular);
  const plural = pascal(def.name);
  return {
    type,
    list: camel(def.name),
    one: camel(def.singular),
    createOne: `createOne${type}`,
    updateOne: `updateOne${type}`,
    deleteOne: `deleteOne${type}`,
    updateMany: `updateMany${plural}`,
    deleteMany: `deleteMany${plural}`,
    createInputKey: camel(def.singular),
  };
}

/** The field that holds the record a reference field points at: customerId → customer, assigneeId → assignee. */
export const referenceObjectField = (field: string) => (field.endsWith("Id") && field.length > 2 ? field.slice(0, -2) : null);
