import { EntityShow } from "../components/show/entity-show";
import { NotFoundResult } from "../components/result/error-result";
import { useEntity } from "../hooks/use-entity";
import { overrideFor } from "../overrides";

export default function ShowPage() {
  const { def, id } = useEntity();
  if (id === undefined) return <NotFoundResult />;
  const Override = overrideFor(def, "show");
  return Override ? <Override def={def} id={id} /> : <EntityShow key={`${def.name}-${id}`} def={def} id={id} />;
}
