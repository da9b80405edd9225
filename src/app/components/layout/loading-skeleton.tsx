/**
 * The page's shape while a part of the app loads: the same skeleton index.html shows before any
 * JavaScript (its styles live there), so the hand-over from HTML to React never flashes blank.
 */
export function LoadingSkeleton({ variant = "app" }: { variant?: "app" | "login" }) {
  const lines = (
    <>
      <div className="sk-line short" />
      <div className="sk-line" />
      <div className="sk-line" />
    </>
  );
  return (
    <div className="sk" data-testid="loading-skeleton" role="status" aria-busy="true" aria-label="Loading Switchboard">
      {variant === "login" ? (
        <div className="sk-body sk-login">{lines}</div>
      ) : (
        <>
          <div className="sk-side" />
          <div className="sk-main">
            <div className="sk-head" />
            <div className="sk-body">{lines}</div>
          </div>
        </>
      )}
    </div>
  );
}
