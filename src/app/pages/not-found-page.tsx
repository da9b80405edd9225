import { NotFoundResult } from "../components/result/error-result";

export default function NotFoundPage() {
  return <NotFoundResult />;
}
