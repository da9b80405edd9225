import { EntityForm } from "../components/form/entity-form";
import { useEntity } from "../hooks/use-entity";
import { overrideFor } from "../overrides";

export default function CreatePage() {
  const { def } = useEntity();
  const Override = overrideFor(def, "create");
  return Override ? <Override def={def} /> : <EntityForm key={def.name} def={def} mode="create" />;
}
