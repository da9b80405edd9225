import { useSelect } from "@refinedev/antd";
import { DeleteOutlined } from "@ant-design/icons";
import { useMany, type BaseRecord } from "@refinedev/core";
import { Button, InputNumber, Select, Space, Table, Typography, type SelectProps } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo } from "react";
import { Link } from "react-router";
import { ORDER_MAX_ITEMS, ORDER_MAX_QUANTITY, ORDER_MIN_QUANTITY } from "../../../domain/constants";
import { useLocale } from "../../i18n/use-locale";

/** A line as the form holds it: `unitPrice` only on lines already stored, for display. */
export interface FormLine {
  productId: number;
  quantity: number | null;
  unitPrice?: number;
}

interface ItemsInputProps {
  id?: string;
  value?: FormLine[];
  onChange?: (value: FormLine[]) => void;
  disabled?: boolean;
  /** The stored order's lines, shown without inputs (the order page). */
  readOnly?: boolean;
  /** Flag lines the product's stock cannot fill (a draft, before it is placed). Editing always does. */
  checkStock?: boolean;
}

const quantityOk = (q: number | null) => q !== null && Number.isInteger(q) && q >= ORDER_MIN_QUANTITY && q <= ORDER_MAX_QUANTITY;

/**
 * The items editor of a draft: add a line by searching active products on the server, set its
 * quantity, and see unit prices, line totals and the order total as you type. Unit prices of
 * new lines are the product's current price; the server sets the real one when it saves.
 */
export function ItemsInput({ id, value, onChange, disabled, readOnly, checkStock = !readOnly }: ItemsInputProps) {
  const { t, money } = useLocale();
  const lines = useMemo(() => (Array.isArray(value) ? value : []), [value]);
  const ids = useMemo(() => [...new Set(lines.map((l) => l.productId))].sort((a, b) => a - b), [lines]);
  const { result: onOrder } = useMany<BaseRecord>({ resource: "products", ids, queryOptions: { enabled: ids.length > 0 }, errorNotification: false });
  const { selectProps, query: found } = useSelect<BaseRecord>({
    resource: "products",
    optionLabel: ((p: BaseRecord) =>
      t("orderPage.lines.option", { name: String(p.name), sku: String(p.sku), price: money(p.price as number), stock: String(p.stock) })) as never,
    optionValue: "id" as never,
    filters: [{ field: "status", operator: "eq", value: "active" }],
    onSearch: (q) => (q ? [{ field: "q", operator: "eq", value: q }] : []),
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 20, mode: "server" },
    queryOptions: { enabled: !readOnly },
    errorNotification: false,
  });
  const products = useMemo(() => {
    const map = new Map<number, BaseRecord>();
    for (const p of [...(found.data?.data ?? []), ...onOrder.data]) map.set(Number(p.id), p);
    return map;
  }, [found.data, onOrder.data]);

  const priceOf = (line: FormLine) => line.unitPrice ?? (products.get(line.productId)?.price as number | undefined);
  const lineTotal = (line: FormLine) => {
    const price = priceOf(line);
    return price !== undefined && quantityOk(line.quantity) ? price * (line.quantity as number) : undefined;
  };
  const total = lines.reduce((sum, l) => sum + (lineTotal(l) ?? 0), 0);
  const nameOf = (productId: number) => String(products.get(productId)?.name ?? t("orderPage.lines.productN", { id: productId }));

  // Placing takes stock (SPEC §4): say which lines it would refuse while they can still be changed.
  const shortOf = (line: FormLine): "out" | "short" | undefined => {
    const stock = products.get(line.productId)?.stock;
    if (!checkStock || typeof stock !== "number") return undefined;
    if (stock <= 0) return "out";
    return quantityOk(line.quantity) && (line.quantity as number) > stock ? "short" : undefined;
  };
  const stockFlag = (line: FormLine) => {
    const short = shortOf(line);
    if (!short) return null;
    return (
      <Typography.Text type={short === "out" ? "danger" : "warning"} style={{ display: "block", fontSize: 12 }} data-testid="stock-flag">
        {short === "out" ? t("orderPage.lines.outOfStock") : t("orderPage.lines.shortOfStock", { count: products.get(line.productId)?.stock as number })}
      </Typography.Text>
    );
  };

  const set = (next: FormLine[]) => onChange?.(next);
  const add = (productId: number) => {
    const at = lines.findIndex((l) => l.productId === productId);
    // The same product twice is one line with more of it.
    if (at >= 0) set(lines.map((l, i) => (i === at ? { ...l, quantity: Math.min((l.quantity ?? 0) + 1, ORDER_MAX_QUANTITY) } : l)));
    else set([...lines, { productId, quantity: 1 }]);
  };
  const full = lines.length >= ORDER_MAX_ITEMS;

  type Row = FormLine & { key: number };
  const columns: ColumnsType<Row> = [
    {
      key: "product",
      title: t("orderPage.lines.product"),
      render: (_, l) => (readOnly ? <Link to={`/products/show/${l.productId}`}>{nameOf(l.productId)}</Link> : nameOf(l.productId)),
    },
    { key: "unitPrice", title: t("orderPage.lines.unitPrice"), align: "right", render: (_, l) => <span className="sb-number">{money(priceOf(l))}</span> },
    {
      key: "quantity",
      title: t("orderPage.lines.quantity"),
      width: 120,
      render: (_, l, i) =>
        readOnly ? (
          <>
            <span className="sb-number">{l.quantity}</span>
            {stockFlag(l)}
          </>
        ) : (
          <>
            <InputNumber<number>
              aria-label={t("orderPage.lines.quantityOf", { name: nameOf(l.productId) })}
              value={l.quantity}
              precision={0}
              style={{ width: 100 }}
              status={!quantityOk(l.quantity) ? "error" : shortOf(l) ? "warning" : undefined}
              disabled={disabled}
              onChange={(q) => set(lines.map((x, k) => (k === i ? { ...x, quantity: q } : x)))}
            />
            {stockFlag(l)}
          </>
        ),
    },
    {
      key: "lineTotal",
      title: t("orderPage.lines.lineTotal"),
      align: "right",
      render: (_, l) => (
        <span className="sb-number" data-testid="line-total">
          {money(lineTotal(l))}
        </span>
      ),
    },
  ];
  if (!readOnly)
    columns.push({
      key: "remove",
      width: 1,
      render: (_, l, i) => (
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t("orderPage.lines.remove", { name: nameOf(l.productId) })}
          disabled={disabled}
          onClick={() => set(lines.filter((_x, k) => k !== i))}
        />
      ),
    });

  return (
    <Space direction="vertical" style={{ width: "100%" }} id={id}>
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={lines.map((l, i) => ({ ...l, key: i }))}
        locale={{ emptyText: readOnly ? t("orderPage.lines.none") : t("orderPage.lines.noneYet") }}
        aria-label={t("orderPage.lines.label")}
        columns={columns}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              <Typography.Text strong>{t("orderPage.lines.total")}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong className="sb-number" data-testid="order-total">
                {money(total)}
              </Typography.Text>
            </Table.Summary.Cell>
            {!readOnly && <Table.Summary.Cell index={2} />}
          </Table.Summary.Row>
        )}
      />
      {!readOnly && (
        <Select
          {...(selectProps as SelectProps)}
          aria-label={t("orderPage.lines.add")}
          placeholder={full ? t("orderPage.lines.max", { max: ORDER_MAX_ITEMS }) : t("orderPage.lines.search")}
          value={null}
          disabled={disabled || full}
          style={{ width: "100%" }}
          notFoundContent={t("orderPage.lines.noProduct")}
          onChange={(productId: unknown) => {
            if (productId !== null && productId !== undefined) add(Number(productId));
          }}
        />
      )}
    </Space>
  );
}
