/**
 * Order lines as a client writes them: a line's unitPrice is the server's (the product's price
 * when the line was added). Apart from the schema (zod), so that what only compares or sends lines
 * loads without it.
 */
export const writableLines = (items: unknown): unknown =>
  Array.isArray(items) ? items.map((i: { productId?: unknown; quantity?: unknown } | null) => ({ productId: i?.productId, quantity: i?.quantity })) : items;
