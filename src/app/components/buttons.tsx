import { BarsOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusSquareOutlined, RedoOutlined, SaveOutlined } from "@ant-design/icons";
import { useCreateButton, useDeleteButton, useEditButton, useListButton, useRefreshButton, useShowButton, type BaseKey } from "@refinedev/core";
import { Button, Popconfirm, type ButtonProps } from "antd";

/**
 * The record buttons, on Refine's headless button hooks (route, label, access check) with antd's
 * Button. Ours rather than @refinedev/antd's: that package drags ProLayout and a Markdown renderer
 * into every page that imports one button (decision 042).
 */

type NavigationValues = ReturnType<typeof useShowButton>;
type Common = Omit<ButtonProps, "resource" | "onClick"> & {
  resource: string;
  hideText?: boolean;
  /** Off where a <CanAccess> around the button already asks, per record. */
  accessControl?: { enabled?: boolean };
};

/** A link that looks like a button: a plain click navigates in the app, a middle or ctrl click opens a tab. */
function NavigationButton({ nav, icon, hideText, children, ...rest }: Omit<Common, "resource"> & { nav: NavigationValues; icon: React.ReactNode }) {
  if (nav.hidden) return null;
  const { LinkComponent } = nav;
  const disabled = nav.disabled || rest.disabled;
  return (
    <LinkComponent to={nav.to} onClick={(e: React.MouseEvent) => disabled && e.preventDefault()} tabIndex={-1}>
      {/* Refine's title is a reason ("You don't have permission…"): only for a disabled button. */}
      <Button icon={icon} title={disabled ? nav.title : undefined} {...rest} disabled={disabled}>
        {!hideText && (children ?? nav.label)}
      </Button>
    </LinkComponent>
  );
}

export function ShowButton({ resource, recordItemId, accessControl, ...rest }: Common & { recordItemId: BaseKey }) {
  const nav = useShowButton({ resource, id: recordItemId, accessControl });
  return <NavigationButton nav={nav} icon={<EyeOutlined />} {...rest} />;
}

export function EditButton({ resource, recordItemId, accessControl, ...rest }: Common & { recordItemId: BaseKey }) {
  const nav = useEditButton({ resource, id: recordItemId, accessControl });
  return <NavigationButton nav={nav} icon={<EditOutlined />} {...rest} />;
}

export function ListButton({ resource, accessControl, ...rest }: Common) {
  const nav = useListButton({ resource, accessControl });
  return <NavigationButton nav={nav} icon={<BarsOutlined />} {...rest} />;
}

export function CreateButton({ resource, accessControl, ...rest }: Common) {
  const nav = useCreateButton({ resource, accessControl });
  return <NavigationButton nav={nav} icon={<PlusSquareOutlined />} type="primary" {...rest} />;
}

export function DeleteButton({
  resource,
  recordItemId,
  accessControl,
  hideText,
  confirmTitle,
  confirmOkText,
  onSuccess,
  children,
  ...rest
}: Common & { recordItemId: BaseKey; confirmTitle?: string; confirmOkText?: string; onSuccess?: () => void }) {
  const del = useDeleteButton({ resource, id: recordItemId, accessControl, onSuccess });
  if (del.hidden) return null;
  const disabled = del.disabled || rest.disabled;
  return (
    <Popconfirm
      title={confirmTitle ?? del.confirmTitle}
      okText={confirmOkText ?? del.confirmOkLabel}
      cancelText={del.cancelLabel}
      okType="danger"
      okButtonProps={{ disabled: del.loading }}
      onConfirm={del.onConfirm}
      disabled={disabled}
    >
      <Button danger icon={<DeleteOutlined />} title={del.title} loading={del.loading} {...rest} disabled={disabled}>
        {!hideText && (children ?? del.label)}
      </Button>
    </Popconfirm>
  );
}

/** Reloads the record shown (or runs `onClick`, for pages that show more than one query). */
export function RefreshButton({ resource, recordItemId, onClick, ...rest }: Omit<ButtonProps, "onClick"> & { resource: string; recordItemId: BaseKey; onClick?: () => void }) {
  const refresh = useRefreshButton({ resource, id: recordItemId });
  return (
    <Button icon={<RedoOutlined spin={refresh.loading} />} onClick={onClick ?? refresh.onClick} {...rest}>
      {refresh.label}
    </Button>
  );
}

export function SaveButton(props: ButtonProps) {
  return (
    <Button type="primary" icon={<SaveOutlined />} {...props}>
      Save
    </Button>
  );
}
