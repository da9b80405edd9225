import { Navigate, useLocation } from "react-router";
import { useTwoFactor } from "../../hooks/use-session";

/** Where a member whose role requires two-factor sign-in enrols: their profile's section. */
export const ENROLMENT_PATH = "/profile";

/**
 * A member whose role requires two-factor sign-in and who has not set it up may only enrol (the
 * server answers everything else with TWO_FACTOR_SETUP_REQUIRED): any other page takes them to
 * their profile, which says why. Once enrolled the session says so and every page opens again,
 * without a reload.
 */
export function TwoFactorGate({ children }: { children: React.ReactNode }) {
  const { setupRequired } = useTwoFactor();
  const { pathname } = useLocation();
  if (setupRequired && pathname !== ENROLMENT_PATH) return <Navigate to={ENROLMENT_PATH} replace />;
  return <>{children}</>;
}
