import type { RouterConfig } from 'react-aria-components';

/**
 * The type of a react-aria `href`: `string` by default, or the router's path type once the app
 * declares `interface RouterConfig { href: … }` for react-aria-components (see `src/routes`).
 */
export type Href = RouterConfig extends { href: infer H } ? H : string;
