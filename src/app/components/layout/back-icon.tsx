import { ArrowLeftOutlined } from "@ant-design/icons";

/**
 * The page frames' back control as an icon: the page header makes it its own button. Refine's
 * default is a Button inside that button, one interactive element nested in another (axe:
 * nested-interactive), which screen readers announce twice.
 */
export const BACK_ICON = <ArrowLeftOutlined />;
