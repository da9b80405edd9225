import { Tooltip } from "antd";
import { useId, type ReactElement } from "react";

/**
 * A disabled button that says why. A disabled button takes no focus and no hover, so the reason
 * sits on a wrapper that does: shown as a tooltip to the pointer, on focus to the keyboard, and
 * read out with the button to a screen reader.
 */
export function DisabledWithReason({ reason, children }: { reason: string; children: ReactElement }) {
  const id = useId();
  return (
    <Tooltip title={reason}>
      <span tabIndex={0} aria-describedby={id} style={{ display: "inline-block" }}>
        {children}
        <span id={id} className="sb-visually-hidden">
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}
