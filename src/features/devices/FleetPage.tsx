/** `/fleet`: the overview in the main area, the device list beside it in the sidebar. */
import { FleetOverview } from './FleetOverview';

export function FleetPage() {
  return <FleetOverview layout="page" />;
}
