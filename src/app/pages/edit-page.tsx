import { EntityForm } from "../components/form/entity-form";
import { NotFoundResult } from "../components/result/error-result";
import { useEntity } from "../hooks/use-entity";
import { overrideFor } from "../overrides";

export default function EditPage() {
  const { def, id } = useEntity();
  if (id === undefined) return <NotFoundResult />;
  const Override = overrideFor(def, "edit");
  return Override ? <Override def={def} id={id} /> : <EntityForm key={`${def.name}-${id}`} def={def} mode="edit" id={id} />;
}
