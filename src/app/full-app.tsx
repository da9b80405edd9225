import { unstableSetRender } from "antd";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles.css";

/** The whole app: Refine, antd, every route behind sign-in (main.tsx loads it for every path but /login). */
export function mountApp(root: HTMLElement) {
  // antd 5 renders its static pieces (message, Modal.confirm) with React 18's legacy render; React 19
  // removed it, so give antd a createRoot-based one (what @ant-design/v5-patch-for-react-19 does).
  unstableSetRender((node, container) => {
    const host = container as Element & { _sbRoot?: ReturnType<typeof createRoot> };
    host._sbRoot ??= createRoot(container);
    host._sbRoot.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      host._sbRoot?.unmount();
      delete host._sbRoot;
    };
  });

  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
