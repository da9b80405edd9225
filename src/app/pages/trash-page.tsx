import { TrashList } from "../components/trash/trash-list";

export default function TrashPage() {
  return <TrashList />;
}
