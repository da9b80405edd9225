import type { EntityDef } from "../../domain/fields";
import { ImportScreen } from "../components/import/import-screen";

/** `/<resource>/import`: no Refine action of its own, so the route hands the definition over. */
export default function ImportPage({ def }: { def: EntityDef }) {
  return <ImportScreen key={def.name} def={def} />;
}
