/**
 * /loading and /loading/activity: an activity link lands here and goes straight on, to the activity's page or,
 * when it names none that is there, to /noActivity (/loading with nothing named goes home).
 */
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { activityTarget, NO_ACTIVITY_PATH } from '../lib/activity-target';

export default function LoadingPage() {
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const fallback = pathname.toLowerCase().startsWith('/loading/activity') ? NO_ACTIVITY_PATH : '/';
  return <Navigate replace to={activityTarget(query, fallback)} />;
}
