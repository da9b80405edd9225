import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  ContactsOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  IdcardOutlined,
  InboxOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

/**
 * Entity definitions name their icon as a string of @ant-design/icons. Importing the whole icon
 * set to look names up would put ~800 icons in the bundle, so the names in use are listed here;
 * an unknown name falls back to a plain list icon (and says so in development).
 */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  ContactsOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  GiftOutlined,
  IdcardOutlined,
  InboxOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
};

export function resolveIcon(name: string): ComponentType {
  const icon = ICONS[name];
  if (!icon && import.meta.env.DEV) console.warn(`Icon ${name} is not in src/app/icons.tsx; using a list icon`);
  return icon ?? UnorderedListOutlined;
}
