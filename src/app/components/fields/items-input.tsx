import { useSelect } from "@refinedev/antd";
import { DeleteOutlined, ExclamationCircleFilled } from "@ant-design/icons";
import { useMany, useOne, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Flex, Form, Grid, InputNumber, List, Select, Space, Table, Typography, theme, type InputNumberProps, type SelectProps } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { ORDER_MAX_ITEMS, ORDER_MAX_QUANTITY, ORDER_MIN_QUANTITY } from "../../../domain/constants";
import { useLocale } from "../../i18n/use-locale";
import { useReferenced } from "../list/reference-cell";

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
  /** The order's customer: a total past their credit limit is flagged (for roles that may read the limit). */
  customerId?: unknown;
}

const quantityOk = (q: number | null) => q !== null && Number.isInteger(q) && q >= ORDER_MIN_QUANTITY && q <= ORDER_MAX_QUANTITY;

/**
 * The items editor of a draft: add a line by searching active products on the server, set its
 * quantity, and see unit prices, line totals and the order total as you type. Unit prices of
 * new lines are the product's current price; the server sets the real one when it saves.
 */
export function ItemsInput({ id, value, onChange, disabled, readOnly, checkStock = !readOnly, customerId }: ItemsInputProps) {
  const { t, money } = useLocale();
  const { token } = theme.useToken();
  // A phone's form is about 320 px wide: four columns do not fit, so each line is a card there.
  const narrow = Grid.useBreakpoint().sm === false;
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
  const hasCustomer = typeof customerId === "number" || (typeof customerId === "string" && customerId !== "");
  // Read only where the limit is checked (a draft's page, the form): a placed order's page flags nothing.
  // On the order's page, the read its customer cell makes by id serves; the form's customer picker
  // keys its own read otherwise, so the form reads the record.
  const checked = hasCustomer && checkStock;
  const onPage = useReferenced("customers", checked && readOnly ? [Number(customerId)] : []);
  const { result: inForm } = useOne<BaseRecord>({
    resource: "customers",
    id: hasCustomer ? (customerId as number | string) : "",
    queryOptions: { enabled: checked && !readOnly },
    errorNotification: false,
  });
  const customer = readOnly ? onPage?.find((c) => Number(c.id) === Number(customerId)) : inForm;

  const priceOf = (line: FormLine) => line.unitPrice ?? (products.get(line.productId)?.price as number | undefined);
  const lineTotal = (line: FormLine) => {
    const price = priceOf(line);
    return price !== undefined && quantityOk(line.quantity) ? price * (line.quantity as number) : undefined;
  };
  const total = lines.reduce((sum, l) => sum + (lineTotal(l) ?? 0), 0);
  const nameOf = (productId: number) => String(products.get(productId)?.name ?? t("orderPage.lines.productN", { id: productId }));
  // Like stock, said before Place and not refused: the limit is the manager's call. Roles that may not read it see nothing.
  const limit = hasCustomer && customer && Number(customer.id) === Number(customerId) ? customer.creditLimit : undefined;
  const overLimit = checkStock && typeof limit === "number" && total > limit;

  // Placing takes stock and is refused without it: say which lines it would refuse while they can still be changed.
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
      // The words in the text's own colour, the icon in the warning's: antd's warning and danger text
      // colours are too faint to read on white (1.9:1 and 3.3:1, under the 4.5:1 small text needs).
      <Typography.Text style={{ display: "block", fontSize: 12 }} data-testid="stock-flag">
        <ExclamationCircleFilled aria-hidden style={{ color: short === "out" ? token.colorError : token.colorWarning, marginInlineEnd: 4 }} />
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

  // Removing a line takes its button away: the keyboard goes on to the next line's quantity, or to the
  // product search when it was the last line, once the lines on screen have changed.
  const quantityInputs = useRef(new Map<number, HTMLInputElement>());
  const picker = useRef<HTMLDivElement>(null);
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | "add" | null>(null);
  useEffect(() => {
    if (focusAfterRemove === null) return;
    const target = focusAfterRemove === "add" ? picker.current?.querySelector<HTMLInputElement>("input") : quantityInputs.current.get(focusAfterRemove);
    target?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, lines]);
  const remove = (i: number) => {
    set(lines.filter((_x, k) => k !== i));
    setFocusAfterRemove(lines[i + 1]?.productId ?? "add");
  };
  // antd's Select takes its highlighted option on Tab: Tab only leaves it, Enter adds.
  const tabLeaves = (e: KeyboardEvent) => {
    if (e.key === "Tab") e.stopPropagation();
  };

  const productCell = (l: FormLine) => (readOnly ? <Link to={`/products/show/${l.productId}`}>{nameOf(l.productId)}</Link> : nameOf(l.productId));
  const unitPrice = (l: FormLine) => <span className="sb-number">{money(priceOf(l))}</span>;
  const totalOf = (l: FormLine) => (
    <span className="sb-number" data-testid="line-total">
      {money(lineTotal(l))}
    </span>
  );
  const quantity = (l: FormLine, i: number, style?: InputNumberProps["style"]) =>
    readOnly ? (
      <span className="sb-number">{l.quantity}</span>
    ) : (
      <InputNumber<number>
        ref={(el: HTMLInputElement | null) => {
          if (el) quantityInputs.current.set(l.productId, el);
          else quantityInputs.current.delete(l.productId);
        }}
        aria-label={t("orderPage.lines.quantityOf", { name: nameOf(l.productId) })}
        inputMode="numeric"
        value={l.quantity}
        precision={0}
        style={{ width: 100, ...style }}
        status={!quantityOk(l.quantity) ? "error" : shortOf(l) ? "warning" : undefined}
        disabled={disabled}
        onChange={(q) => set(lines.map((x, k) => (k === i ? { ...x, quantity: q } : x)))}
      />
    );
  const removeButton = (l: FormLine, i: number) => (
    <Button
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={t("orderPage.lines.remove", { name: nameOf(l.productId) })}
      disabled={disabled}
      onClick={() => remove(i)}
    />
  );
  const totalText = (
    <Typography.Text strong className="sb-number" data-testid="order-total">
      {money(total)}
    </Typography.Text>
  );

  type Row = FormLine & { key: number };
  const columns: ColumnsType<Row> = [
    { key: "product", title: t("orderPage.lines.product"), render: (_, l) => productCell(l) },
    { key: "unitPrice", title: t("orderPage.lines.unitPrice"), align: "right", render: (_, l) => unitPrice(l) },
    {
      key: "quantity",
      title: t("orderPage.lines.quantity"),
      width: 120,
      render: (_, l, i) => (
        <>
          {quantity(l, i)}
          {stockFlag(l)}
        </>
      ),
    },
    { key: "lineTotal", title: t("orderPage.lines.lineTotal"), align: "right", render: (_, l) => totalOf(l) },
  ];
  if (!readOnly) columns.push({ key: "remove", width: 1, render: (_, l, i) => removeButton(l, i) });
  // Keyed by product (one line each): a removed line's row goes with it, focus and all.
  const rows = lines.map((l) => ({ ...l, key: l.productId }));
  // Secondary text rather than antd's own empty-text grey, which is 1.6:1 on white.
  const emptyText = <Typography.Text type="secondary">{readOnly ? t("orderPage.lines.none") : t("orderPage.lines.noneYet")}</Typography.Text>;

  const table = narrow ? (
    <List<Row>
      bordered
      size="small"
      dataSource={rows}
      aria-label={t("orderPage.lines.label")}
      locale={{ emptyText }}
      renderItem={(l, i) => (
        <List.Item data-testid="order-line" style={{ display: "block" }}>
          <Flex justify="space-between" align="start" gap={8}>
            <div style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              <Typography.Text strong>{productCell(l)}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                {t("orderPage.lines.unitPrice")}: {unitPrice(l)}
              </Typography.Text>
            </div>
            {!readOnly && removeButton(l, i)}
          </Flex>
          <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 8 }}>
            <Space size={8} align="center">
              {readOnly && <Typography.Text type="secondary">{t("orderPage.lines.quantity")}:</Typography.Text>}
              {quantity(l, i, { width: 88 })}
            </Space>
            {totalOf(l)}
          </Flex>
          {stockFlag(l)}
        </List.Item>
      )}
      footer={
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong>{t("orderPage.lines.total")}</Typography.Text>
          {totalText}
        </Flex>
      }
    />
  ) : (
    <Table<Row>
      size="small"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText }}
      aria-label={t("orderPage.lines.label")}
      columns={columns}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            <Typography.Text strong>{t("orderPage.lines.total")}</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {totalText}
          </Table.Summary.Cell>
          {!readOnly && <Table.Summary.Cell index={2} />}
        </Table.Summary.Row>
      )}
    />
  );

  return (
    <Space direction="vertical" style={{ width: "100%" }} id={id}>
      {table}
      {overLimit && (
        <Alert
          type="warning"
          showIcon
          data-testid="credit-flag"
          message={t("orderPage.lines.overCreditLimit", { total: money(total), limit: money(limit), name: String(customer?.name ?? "") })}
        />
      )}
      {!readOnly && (
        <div ref={picker} onKeyDownCapture={tabLeaves}>
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
        </div>
      )}
    </Space>
  );
}

/** The items input inside the order form: it reads the chosen customer for the credit-limit flag. */
export function OrderItemsInput(props: Omit<ItemsInputProps, "customerId">) {
  const customerId: unknown = Form.useWatch("customerId");
  return <ItemsInput {...props} customerId={customerId} />;
}
