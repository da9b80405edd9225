/**
 * The GraphQL schema of one role, generated from the entity definitions and the role's rules:
 * a type, a list and a one-record query for each resource it may read, with only the fields it
 * may read (introspection shows nothing else); the mutations it may call, with the fields it may
 * write. Every resolver calls the service the REST routes call (src/server/resources.ts,
 * transitions.ts, stats.ts): no rule, check or write exists here.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  valueFromASTUntyped,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLOutputType,
} from "graphql/index.js"; // the one copy graphql-yoga uses too: see index.ts
import { allFields, ENTITIES, getEntity, type ResourceName } from "../../domain/entities";
import { AppError } from "../../domain/errors";
import type { EntityDef, FieldDef } from "../../domain/fields";
import { graphqlNames, referenceObjectField } from "../../domain/graphql-names";
import { canDo, permittedFields, readableFields, type AppAbility } from "../../domain/policy";
import { eventsAbout } from "../audit";
import type { WrittenEvent } from "../context";
import { eventsOfMove } from "../transitions";
import type { GraphqlContext } from "./context";
import { isQueryable } from "../query";
import { listQueryString, type ListArgs } from "./list-args";

const JSONScalar = new GraphQLScalarType({
  name: "JSON",
  description: "A structured value (an order's lines, a role's rules, an audit event's changes), as JSON.",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables ?? undefined),
});

const scalarOf = (f: FieldDef): GraphQLScalarType => {
  switch (f.type) {
    case "boolean":
      return GraphQLBoolean;
    case "integer":
    case "reference":
      return GraphQLInt;
    // Cents can pass GraphQL's 32-bit Int; a Float holds every whole number up to 2^53.
    case "money":
      return GraphQLFloat;
    case "items":
    case "rules":
    case "json":
    case "query":
      return JSONScalar;
    default:
      return GraphQLString;
  }
};

const SortDirection = new GraphQLEnumType({ name: "SortDirection", values: { ASC: { value: "asc" }, DESC: { value: "desc" } } });

const OffsetPaging = new GraphQLInputObjectType({
  name: "OffsetPaging",
  fields: { limit: { type: GraphQLInt }, offset: { type: GraphQLInt } },
});

/** The comparisons the list query can express (simple-rest's `=`, `_ne`, `_gte`, `_lte`, repeated keys, `_like`). */
const comparisons = new Map<GraphQLScalarType, GraphQLInputObjectType>();
function comparisonOf(scalar: GraphQLScalarType): GraphQLInputObjectType {
  let type = comparisons.get(scalar);
  if (!type) {
    const list = new GraphQLList(new GraphQLNonNull(scalar));
    const fields: GraphQLInputFieldConfigMap = { eq: { type: scalar }, neq: { type: scalar }, in: { type: list } };
    if (scalar !== GraphQLBoolean) Object.assign(fields, { gte: { type: scalar }, lte: { type: scalar } });
    if (scalar === GraphQLString) fields.iLike = { type: scalar, description: "Contains, ignoring case: %text%" };
    type = new GraphQLInputObjectType({ name: `${scalar.name}FieldComparison`, fields });
    comparisons.set(scalar, type);
  }
  return type;
}

const IDFilterComparison = new GraphQLInputObjectType({
  name: "IDFilterComparison",
  fields: { eq: { type: GraphQLID }, neq: { type: GraphQLID }, in: { type: new GraphQLList(new GraphQLNonNull(GraphQLID)) } },
});
const SearchComparison = new GraphQLInputObjectType({
  name: "SearchComparison",
  description: "Search the list's searchable fields for this text.",
  fields: { eq: { type: GraphQLString } },
});

const BulkOutcome = new GraphQLObjectType({
  name: "BulkOutcome",
  description: "How one record of a many-record mutation went: the HTTP status its own call would have answered, and the refusal if any.",
  fields: {
    id: { type: new GraphQLNonNull(GraphQLInt) },
    status: { type: new GraphQLNonNull(GraphQLInt) },
    code: { type: GraphQLString },
    message: { type: GraphQLString },
    errors: { type: JSONScalar },
  },
});
const UpdateManyResponse = new GraphQLObjectType({
  name: "UpdateManyResponse",
  fields: { updatedCount: { type: new GraphQLNonNull(GraphQLInt) }, results: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(BulkOutcome))) } },
});
const DeleteManyResponse = new GraphQLObjectType({
  name: "DeleteManyResponse",
  fields: { deletedCount: { type: new GraphQLNonNull(GraphQLInt) } },
});

/** What a role can do, as far as the schema shows it: two roles with the same reach share a schema. */
export function reachOf(ability: AppAbility) {
  return ENTITIES.map((def) => {
    const r = def.name as ResourceName;
    const read = canDo(ability, "read", r);
    return {
      resource: r,
      read,
      readable: read ? readableFields(ability, r) : [],
      create: !def.readOnly && canDo(ability, "create", r) ? permittedFields(ability, "create", r) : null,
      update: !def.readOnly && canDo(ability, "update", r) ? permittedFields(ability, "update", r) : null,
      delete: !def.readOnly && canDo(ability, "delete", r),
      transition: r === "orders" && canDo(ability, "transition", r),
    };
  });
}
export type Reach = ReturnType<typeof reachOf>;

const nonNull = <T extends GraphQLOutputType>(t: T) => new GraphQLNonNull(t);
/** A mutation's one argument, `input: <name>!`, as nestjs-query shapes it. */
const inputArg = (name: string, fields: GraphQLInputFieldConfigMap) => ({
  input: { type: new GraphQLNonNull(new GraphQLInputObjectType({ name, fields })) },
});
const idOf = (raw: unknown): number => {
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new AppError("NOT_FOUND", "No such record");
  return n;
};

export function buildSchema(reach: Reach): GraphQLSchema {
  const readable = new Map(reach.filter((r) => r.read).map((r) => [r.resource, r]));
  const types = new Map<string, GraphQLObjectType>();

  // A record's type: its readable fields, and for each readable reference the record it points
  // at (when the role may read those), fetched for the whole page at once.
  for (const r of readable.values()) {
    const def = getEntity(r.resource);
    const names = graphqlNames(def);
    const fields = allFields(def);
    types.set(
      r.resource,
      new GraphQLObjectType({
        name: names.type,
        description: def.label,
        fields: () => {
          const out: GraphQLFieldConfigMap<Record<string, unknown>, GraphqlContext> = {};
          for (const name of r.readable) {
            const f = fields[name];
            if (!f) continue;
            out[name] = { type: name === "id" ? nonNull(GraphQLInt) : scalarOf(f), description: f.label };
            const target = f.type === "reference" ? f.reference : undefined;
            const objectField = referenceObjectField(name);
            const targetType = target ? types.get(target) : undefined;
            if (target && objectField && targetType && !(objectField in fields)) {
              out[objectField] = {
                type: targetType,
                description: `The ${getEntity(target).singular.toLowerCase()} ${name} names`,
                resolve: (row, _args, context) => {
                  const id = row[name];
                  return typeof id === "number" ? context.references(target as ResourceName).load(id) : null;
                },
              };
            }
          }
          return out;
        },
      }),
    );
  }

  const query: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  const mutation: GraphQLFieldConfigMap<unknown, GraphqlContext> = {};
  for (const r of readable.values()) {
    const def = getEntity(r.resource);
    const names = graphqlNames(def);
    const type = types.get(r.resource)!;
    const resource = r.resource;
    query[names.list] = listField(def, r.readable, type);
    query[names.one] = {
      type: nonNull(type),
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: (_src, args: { id: unknown }, context) => context.service.oneRecord(context.ctx, resource, idOf(args.id)),
    };

    const idsFilter = new GraphQLInputObjectType({
      name: `${names.type}IdsFilter`,
      fields: { id: { type: new GraphQLNonNull(IDFilterComparison) } },
    });
    if (r.create) {
      const input = writeInput(`Create${names.type}Input`, def, r.create, r.readable, false);
      mutation[names.createOne] = {
        type: nonNull(type),
        args: inputArg(`CreateOne${names.type}Input`, { [names.createInputKey]: { type: new GraphQLNonNull(input) } }),
        resolve: namingEvents(aboutItsRecord(resource), (_src, args: { input: Record<string, Record<string, unknown>> }, context) =>
          context.service.createRecord(context.ctx, resource, { ...args.input[names.createInputKey] }),
        ),
      };
    }
    if (r.update) {
      const update = writeInput(`Update${names.type}Input`, def, r.update, r.readable, true);
      mutation[names.updateOne] = {
        type: nonNull(type),
        args: inputArg(`UpdateOne${names.type}Input`, { id: { type: new GraphQLNonNull(GraphQLID) }, update: { type: new GraphQLNonNull(update) } }),
        resolve: namingEvents(aboutItsRecord(resource), async (_src, args: { input: { id: unknown; update: Record<string, unknown> } }, context) => {
          const record = await context.service.updateRecord(context.ctx, resource, idOf(args.input.id), { ...args.input.update });
          return context.strip(resource, record);
        }),
      };
      mutation[names.updateMany] = {
        type: nonNull(UpdateManyResponse),
        description: "The same change to each record named, each through every check of its own update; each says how it went.",
        args: inputArg(`UpdateMany${names.type}Input`, { filter: { type: new GraphQLNonNull(idsFilter) }, update: { type: new GraphQLNonNull(update) } }),
        resolve: writing(async (_src, args: { input: { filter: { id: { in?: unknown[]; eq?: unknown } }; update: Record<string, unknown> } }, context) => {
          const ids = idsIn(args.input.filter);
          const results = await context.service.updateMany(context.ctx, resource, { ids, changes: { ...args.input.update } });
          return { updatedCount: results.filter((x) => x.status === 200).length, results };
        }),
      };
    }
    if (r.delete) {
      mutation[names.deleteOne] = {
        type: nonNull(type),
        args: inputArg(`DeleteOne${names.type}Input`, { id: { type: new GraphQLNonNull(GraphQLID) } }),
        resolve: namingEvents(aboutItsRecord(resource), (_src, args: { input: { id: unknown } }, context) =>
          context.service.removeRecord(context.ctx, resource, idOf(args.input.id)),
        ),
      };
      mutation[names.deleteMany] = {
        type: nonNull(DeleteManyResponse),
        description: "Each record named deleted through every check of its own delete; the first refusal is the answer's error, after all were tried.",
        args: inputArg(`DeleteMany${names.type}Input`, { filter: { type: new GraphQLNonNull(idsFilter) } }),
        resolve: writing(async (_src, args: { input: { filter: { id: { in?: unknown[]; eq?: unknown } } } }, context) => {
          let deletedCount = 0;
          let refused: AppError | null = null;
          for (const id of idsIn(args.input.filter)) {
            try {
              await context.service.removeRecord(context.ctx, resource, id);
              deletedCount++;
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              refused ??= err;
            }
          }
          if (refused) throw new AppError(refused.code, `${deletedCount} deleted; ${refused.message}`, refused.errors, { ...refused.extra, deletedCount });
          return { deletedCount };
        }),
      };
    }
    if (r.transition) {
      mutation.transitionOrder = {
        type: nonNull(type),
        description: "Move an order along its lifecycle (place, pay, ship, deliver, cancel, refund), with its stock effects.",
        args: inputArg("TransitionOrderInput", {
          id: { type: new GraphQLNonNull(GraphQLID) },
          to: { type: new GraphQLNonNull(GraphQLString) },
          version: { type: GraphQLInt },
          reason: { type: GraphQLString },
        }),
        resolve: namingEvents(
          (written, order) => eventsOfMove(written, Number(order.id)),
          (_src, args: { input: { id: unknown } & Record<string, unknown> }, context) => {
            const { id, ...body } = args.input;
            return context.transition(idOf(id), body);
          },
        ),
      };
    }
  }
  if (readable.has("orders") || readable.has("customers") || readable.has("products"))
    query.dashboard = {
      type: nonNull(JSONScalar),
      description: "The dashboard's figures over what the reader may read; a figure they may not see is left out.",
      resolve: (_src, _args, context) => context.dashboard(),
    };
  // A schema needs a query type even for a role that reads nothing.
  if (!Object.keys(query).length) query.readable = { type: nonNull(new GraphQLList(nonNull(GraphQLString))), resolve: () => [] };

  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: "Query", fields: query }),
    mutation: Object.keys(mutation).length ? new GraphQLObjectType({ name: "Mutation", fields: mutation }) : undefined,
  });
}

function listField(def: EntityDef, readableNames: readonly string[], type: GraphQLObjectType): GraphQLFieldConfig<unknown, GraphqlContext> {
  const names = graphqlNames(def);
  const fields = allFields(def);
  const queryable = readableNames.filter((n) => fields[n] && isQueryable(fields[n]));
  const filterFields: GraphQLInputFieldConfigMap = { q: { type: SearchComparison } };
  for (const n of queryable) filterFields[n] = { type: n === "id" ? IDFilterComparison : comparisonOf(scalarOf(fields[n])) };
  const sortFields = new GraphQLEnumType({ name: `${names.type}SortFields`, values: Object.fromEntries(queryable.map((n) => [n, { value: n }])) });
  const resource = def.name as ResourceName;
  return {
    type: nonNull(
      new GraphQLObjectType({
        name: `${names.type}Connection`,
        fields: { nodes: { type: nonNull(new GraphQLList(nonNull(type))) }, totalCount: { type: nonNull(GraphQLInt) } },
      }),
    ),
    args: {
      filter: { type: new GraphQLInputObjectType({ name: `${names.type}Filter`, fields: filterFields }) },
      sorting: {
        type: new GraphQLList(
          new GraphQLNonNull(
            new GraphQLInputObjectType({
              name: `${names.type}Sort`,
              fields: { field: { type: new GraphQLNonNull(sortFields) }, direction: { type: new GraphQLNonNull(SortDirection) } },
            }),
          ),
        ),
      },
      paging: { type: OffsetPaging },
    },
    resolve: async (_src, args: ListArgs, context) => {
      const { rows, total } = await context.service.listRecords(context.ctx, resource, listQueryString(args));
      return { nodes: rows, totalCount: total };
    },
  };
}

/** The fields a role may send on a write: those it may write and, but for secrets, read. */
function writeInput(name: string, def: EntityDef, writable: readonly string[], readableNames: readonly string[], update: boolean): GraphQLInputObjectType {
  const fields = allFields(def);
  const out: GraphQLInputFieldConfigMap = {};
  for (const n of writable) {
    const f = fields[n];
    if (!f || f.write === "never" || (update && f.write === "create")) continue;
    if (f.readable !== false && !readableNames.includes(n)) continue;
    out[n] = { type: scalarOf(f) as GraphQLInputType, description: f.label };
  }
  if (update) out.version = { type: GraphQLInt, description: "The version you read: a newer one stored is a VERSION_CONFLICT" };
  if (!Object.keys(out).length) out.version = { type: GraphQLInt };
  return new GraphQLInputObjectType({ name, fields: out });
}

function idsIn(filter: { id: { in?: unknown[]; eq?: unknown } }): number[] {
  const raw = filter.id.in ?? (filter.id.eq !== undefined ? [filter.id.eq] : []);
  return raw.map((v) => {
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { ids: ["Must be positive ids"] });
    return n;
  });
}

/** A mutation's resolver, refused to a read-only API token before anything is read. */
function writing<A>(resolve: (src: unknown, args: A, context: GraphqlContext) => unknown) {
  return (src: unknown, args: A, context: GraphqlContext) => {
    if (context.ctx.token?.readOnly) throw new AppError("FORBIDDEN", "This API token is read-only");
    return resolve(src, args, context);
  };
}

/** Which of a mutation's events its answer names: those about the record it answers with (a transition's: and its stock's). */
type Named = (written: readonly WrittenEvent[], record: { id?: unknown }) => number[];
const aboutItsRecord =
  (resource: ResourceName): Named =>
  (written, record) =>
    eventsAbout(written, resource, record.id);

/**
 * A one-record mutation's resolver (as `writing`): once it has committed, its live events are kept
 * for the answer's X-Event-Ids, chosen as REST's call chooses them. Mutations run one after
 * another, so what the request wrote meanwhile is this one's. A failed one names nothing; nor do
 * updateMany and deleteMany, which, like REST's bulk calls, write in many transactions.
 */
function namingEvents<A>(named: Named, resolve: (src: unknown, args: A, context: GraphqlContext) => unknown) {
  const write = writing(resolve);
  return async (src: unknown, args: A, context: GraphqlContext) => {
    const before = context.ctx.written.length;
    const record = (await write(src, args, context)) as { id?: unknown };
    context.ownEvents.push(...named(context.ctx.written.slice(before), record));
    return record;
  };
}
