import { Form, Input, Modal, Typography } from "antd";
import { orders } from "../../../domain/entities";
import { useLocale } from "../../i18n/use-locale";
import { ruleFor } from "../fields/field-input";

const REASON_FIELD = { ...orders.fields.reason, required: true };

interface ReasonDialogProps {
  open: boolean;
  /** Its closing animation is over (antd has given focus back to the button that opened it). */
  afterClose: () => void;
  action: string;
  number: string;
  givesStockBack: boolean;
  saving: boolean;
  onCancel: () => void;
  /** Sends the move; resolves to the server's errors on the reason, if it refused the reason. */
  onSubmit: (reason: string) => Promise<string[] | undefined>;
}

/** Cancel and refund: the reason, checked by the definition's rule before it is sent. */
export default function ReasonDialog({ open, afterClose, action, number, givesStockBack, saving, onCancel, onSubmit }: ReasonDialogProps) {
  const { t, fieldLabel } = useLocale();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={`${action}: ${number}`}
      okText={action}
      okButtonProps={{ danger: true, loading: saving }}
      cancelText={t("common.back")}
      onCancel={onCancel}
      onOk={() => form.submit()}
      // The reason is what the dialog asks for: it takes the focus once the dialog is open (antd
      // focuses the dialog's own box as it opens, over the field's autoFocus).
      afterOpenChange={(opened) => opened && form.focusField("reason")}
    >
      <Typography.Paragraph>
        {givesStockBack ? t("orderPage.reasonDialog.stockBack") : t("orderPage.reasonDialog.stockKept")} {t("orderPage.reasonDialog.why")}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ reason }) => {
          const errors = await onSubmit(reason.trim());
          if (errors) form.setFields([{ name: "reason", errors }]);
        }}
      >
        <Form.Item name="reason" label={fieldLabel(orders, "reason")} required rules={[ruleFor(REASON_FIELD)]} validateFirst>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={REASON_FIELD.max} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
