import { EntityList } from "../components/list/entity-list";
import { useEntity } from "../hooks/use-entity";

export default function ListPage() {
  const { def } = useEntity();
  return <EntityList key={def.name} def={def} />;
}
